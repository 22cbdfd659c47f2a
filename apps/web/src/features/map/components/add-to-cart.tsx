import { defaultGroupName, type FilterSet } from '@coral/core';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LoginLink } from '@/components/login-prompt';
import { useAuth } from '@/lib/auth';
import { useAddToCart } from '../api/add-to-cart';
import { CartIcon } from './map-icons';

/** Product-spec §8 texts. */
export const CART_ADDED = 'Item added to cart!';
export const CART_FAILED = 'An error occurred while adding to cart';
export const CART_LOGIN = 'Login to add data to cart';
/** Why the button is disabled when the applied filters leave no colony (decision 0009). */
export const CART_NO_COLONIES = 'No colonies match the filters';
export const GROUP_NAME_HELP =
  'The name is auto-generated based on your filters. You can edit it if needed.';
/** Product-spec §9: the success alert of a logged-in user disappears after 1 s. */
export const CART_ALERT_HIDE_MS = 1000;

type CartAlert = { variant: 'success' | 'danger' | 'warning'; text: string };

interface AddToCartProps {
  /** The applied filter set (normalised): names the group and is stored with it. */
  filters: FilterSet;
  /**
   * The ids of the colonies on the map, asked for only when adding: at hand in the browser
   * mode, asked of the server in the server mode (decision 0042).
   */
  colonyIds: () => number[] | Promise<number[]>;
  colonyCount: number;
}

/**
 * Add to Cart (product-spec §2, §4, §5, §8): a modal with the group name made from the filters
 * (editable); a blank name is refused without a call. Success closes the modal and shows a success
 * alert for 1 s; a failure keeps the modal.
 *
 * Decision 0009: the button is disabled, with its reason shown beneath it, when adding cannot work:
 * the filters match no colony, or the visitor is not logged in. The spec's 'Login to add data to
 * cart' is then said up front (not after filling in the modal), with a login link that comes back
 * to this address, filters included. The check on submit stays for a session that ends while the
 * modal is open.
 */
export function AddToCart({ filters, colonyIds, colonyCount }: AddToCartProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const mutation = useAddToCart();
  const [show, setShow] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<CartAlert | null>(null);
  /** The server mode asks for the ids before adding. */
  const [fetchingIds, setFetchingIds] = useState(false);

  useEffect(() => {
    if (alert?.variant !== 'success') return;
    const timer = setTimeout(() => setAlert(null), CART_ALERT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  const open = () => {
    setName(defaultGroupName(filters));
    setAlert(null);
    setShow(true);
  };
  const close = () => {
    setShow(false);
    setAlert(null);
  };
  const failed = (error: unknown) => {
    console.error('Error adding colonies to cart', error);
    setAlert({ variant: 'danger', text: CART_FAILED });
  };
  const add = (ids: number[]) => {
    if (ids.length === 0) return setAlert({ variant: 'danger', text: CART_FAILED });
    mutation.mutate(
      { colonyIds: ids, filters, name },
      {
        onSuccess: () => {
          setShow(false);
          setName('');
          setAlert({ variant: 'success', text: CART_ADDED });
        },
        onError: failed,
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAuthenticated) return setAlert({ variant: 'warning', text: CART_LOGIN });
    if (name.trim() === '') return setAlert({ variant: 'danger', text: CART_FAILED });
    setAlert(null);
    const ids = colonyIds();
    if (Array.isArray(ids)) return add(ids);
    setFetchingIds(true);
    ids.then(add, failed).finally(() => setFetchingIds(false));
  };

  const alertView = alert && (
    <Alert variant={alert.variant} className="mb-0 mt-2">
      {alert.text}
    </Alert>
  );
  const loggedOut = !isLoading && !isAuthenticated;
  const noColonies = colonyCount === 0;
  const reasonIds = [
    noColonies ? 'add-to-cart-no-colonies' : null,
    loggedOut ? 'add-to-cart-login' : null,
  ].filter((id) => id !== null);
  return (
    <div className="border-top pt-3">
      <Button
        variant="primary"
        className="w-100"
        onClick={open}
        // Also disabled while the login status is still being checked: a moment at most.
        disabled={isLoading || reasonIds.length > 0}
        aria-describedby={reasonIds.length > 0 ? reasonIds.join(' ') : undefined}
      >
        <CartIcon className="me-2" />
        Add to cart
      </Button>
      {noColonies && (
        <p id="add-to-cart-no-colonies" className="small text-body-secondary mt-2 mb-0">
          {CART_NO_COLONIES}
        </p>
      )}
      {loggedOut && (
        <Alert variant="warning" className="mb-0 mt-2 small">
          <span id="add-to-cart-login">{CART_LOGIN}</span>.{' '}
          <LoginLink className="alert-link">Log in</LoginLink>
        </Alert>
      )}
      {!show && alertView}
      <Modal show={show} onHide={close} aria-labelledby="add-to-cart-title">
        <Form onSubmit={submit} noValidate>
          <Modal.Header closeButton>
            <Modal.Title id="add-to-cart-title">Add to Cart</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group controlId="cart-group-name">
              <Form.Label>Group Name</Form.Label>
              <Form.Control
                type="text"
                value={name}
                placeholder="Enter a name for this filter group"
                aria-describedby="cart-group-name-help"
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
              <Form.Text id="cart-group-name-help" muted>
                {GROUP_NAME_HELP}
              </Form.Text>
            </Form.Group>
            <p className="small text-body-secondary mt-2 mb-0">
              {colonyCount.toLocaleString('en-US')} {colonyCount === 1 ? 'colony' : 'colonies'} on
              the map will form a new group.
            </p>
            {alertView}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={mutation.isPending || fetchingIds}>
              Add to Cart
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}

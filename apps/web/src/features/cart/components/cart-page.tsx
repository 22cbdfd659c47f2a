import { CLIENT_ROUTES } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { loginRedirectState } from '@/lib/auth';
import { cartErrorText } from '../api/cart-errors';
import { useCart } from '../api/get-cart';
import { CartGroups } from './cart-groups';
import './cart.css';

export const CART_TITLE = 'Research Cart';
export const CART_SUBTITLE = 'Organize and export your coral research data';
export const LOGGED_OUT_TITLE = 'Please log in to view your cart';
export const LOGGED_OUT_TEXT = 'You need to be logged in to access your research cart.';
export const LOADING_CART = 'Loading cart...';
export const EMPTY_CART = 'Your cart is empty';
export const EMPTY_CART_HINT =
  'Use the map page to filter colonies and add them to your cart. Each filter selection creates a new group.';

function LoggedOut() {
  const location = useLocation();
  return (
    <Alert variant="warning">
      <h2 className="h5 alert-heading">{LOGGED_OUT_TITLE}</h2>
      <p>{LOGGED_OUT_TEXT}</p>
      <Link to={CLIENT_ROUTES.login} state={loginRedirectState(location)} className="btn btn-dark">
        Log In
      </Link>
    </Alert>
  );
}

/** `afterDelete`: the last group was just deleted here; focus moves to this message. */
function EmptyCart({ afterDelete }: { afterDelete: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (afterDelete) heading.current?.focus();
  }, [afterDelete]);
  return (
    <div className="text-center py-5 px-3 border rounded">
      <h2 ref={heading} tabIndex={-1} className="h4">
        {EMPTY_CART}
      </h2>
      <p>{EMPTY_CART_HINT}</p>
      <Link to={CLIENT_ROUTES.map} className="btn btn-primary">
        Go to Map
      </Link>
    </div>
  );
}

/** /cart (product-spec §2 Research Cart, §4 Cart): the logged-in user's groups of colonies. */
export function CartPage() {
  const { auth, query } = useCart();
  // Whether this visit has shown groups: an empty cart after that means the last was deleted.
  const [hadGroups, setHadGroups] = useState(false);
  if (!hadGroups && (query.data?.length ?? 0) > 0) setHadGroups(true);

  let content;
  if (auth.isLoading) {
    content = <Loading text={LOADING_CART} />;
  } else if (!auth.isAuthenticated) {
    content = <LoggedOut />;
  } else if (query.isPending) {
    content = <Loading text={LOADING_CART} />;
  } else if (query.isError && query.data === undefined) {
    content = (
      <Alert variant="danger">
        <p>{cartErrorText('fetch', query.error)}</p>
        <Button variant="danger" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (query.data.length === 0) {
    content = <EmptyCart afterDelete={hadGroups} />;
  } else {
    content = (
      <CartGroups
        groups={query.data}
        refreshError={
          query.error
            ? { text: cartErrorText('fetch', query.error), at: query.errorUpdatedAt }
            : null
        }
      />
    );
  }

  return (
    <Container className="py-4">
      <PageTitle title={CART_TITLE} />
      <header className="mb-4">
        <h1>{CART_TITLE}</h1>
        <p className="lead mb-0">{CART_SUBTITLE}</p>
      </header>
      {content}
    </Container>
  );
}

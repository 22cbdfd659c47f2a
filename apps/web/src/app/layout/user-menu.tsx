import { CLIENT_ROUTES, orcidStartPath, orcidUrl } from '@coral/core';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { flashState } from '@/components/flash-notice';
import { PersonIcon } from '@/components/icons';
import { LOGOUT_FAILED, useLogout } from '@/features/auth/api/logout';
import { unlinkErrorMessage, useUnlinkOrcid } from '@/features/auth/api/orcid';
import { canReview, loginRedirectState, useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';

/**
 * Right side of the navbar: the username dropdown (Cart, My uploads, My datasets, the review queue
 * for curators, the linked ORCID iD or "Link ORCID iD" when ORCID sign-in is on, Logout), or a
 * Login link.
 */
export function UserMenu() {
  const { isAuthenticated, username, role, orcid } = useAuth();
  const { orcidSignIn } = usePublicConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const unlink = useUnlinkOrcid();

  if (!isAuthenticated) {
    const isLoginPage = location.pathname === CLIENT_ROUTES.login;
    // On /login itself, keep the page it will return to.
    const state: unknown = isLoginPage ? location.state : loginRedirectState(location);
    return (
      <Nav>
        <Nav.Link as={NavLink} to={CLIENT_ROUTES.login} state={state}>
          Login
        </Nav.Link>
      </Nav>
    );
  }

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => void navigate(CLIENT_ROUTES.home),
      onError: () =>
        void navigate(CLIENT_ROUTES.home, { state: flashState('warning', LOGOUT_FAILED) }),
    });
  };

  const handleUnlink = () => {
    unlink.mutate(undefined, {
      onError: (error) =>
        void navigate(location, { state: flashState('warning', unlinkErrorMessage(error)) }),
    });
  };

  return (
    <Nav>
      <NavDropdown
        align="end"
        id="user-menu"
        title={
          <>
            <PersonIcon className="me-1" />
            {username}
          </>
        }
      >
        <NavDropdown.Item as={Link} to={CLIENT_ROUTES.cart}>
          Cart
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={CLIENT_ROUTES.uploads}>
          My uploads
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={CLIENT_ROUTES.my_datasets}>
          My datasets
        </NavDropdown.Item>
        {canReview(role) && (
          <NavDropdown.Item as={Link} to={CLIENT_ROUTES.review}>
            Review queue
          </NavDropdown.Item>
        )}
        {orcid && (
          <>
            <NavDropdown.Divider />
            <NavDropdown.Item href={orcidUrl(orcid)} target="_blank" rel="noopener noreferrer">
              ORCID iD {orcid}
            </NavDropdown.Item>
            {orcidSignIn && (
              <NavDropdown.Item as="button" onClick={handleUnlink} disabled={unlink.isPending}>
                Unlink ORCID iD
              </NavDropdown.Item>
            )}
          </>
        )}
        {!orcid && orcidSignIn && (
          <>
            <NavDropdown.Divider />
            {/* A full-page navigation: ORCID's login is its own page. */}
            <NavDropdown.Item href={orcidStartPath('link')}>Link ORCID iD</NavDropdown.Item>
          </>
        )}
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" onClick={handleLogout} disabled={logout.isPending}>
          Logout
        </NavDropdown.Item>
      </NavDropdown>
    </Nav>
  );
}

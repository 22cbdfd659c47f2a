import { CLIENT_ROUTES } from '@coral/core';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { ExternalIcon } from '@/components/icons';
import { APP_NAME } from '@/components/page-title';
import { useAuth } from '@/lib/auth';
import { ed50CalculatorUrl, usePublicConfig } from '@/lib/public-config';
import { UserMenu } from './user-menu';

function ExternalNavLink({ href, label }: { href: string; label: string }) {
  return (
    <Nav.Item as="li">
      <ExternalLink href={href} className="nav-link">
        {label}
        <ExternalIcon className="ms-1 small align-baseline" />
      </ExternalLink>
    </Nav.Item>
  );
}

/** On small screens the menu is open until the visitor goes to another page. */
function useCollapseOnNavigation() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return {
    value: openOn === key,
    set: (open: boolean) => setOpenOn(open ? key : null),
  };
}

function Ed50CalculatorNavLink() {
  const config = usePublicConfig();
  return <ExternalNavLink href={ed50CalculatorUrl(config)} label="ED50 Calculator" />;
}

function HelpNavLinks() {
  const { links } = usePublicConfig();
  return (
    <>
      <ExternalNavLink href={links.aboutUs} label="About Us" />
      <ExternalNavLink href={links.getHelp} label="Get Help" />
    </>
  );
}

/**
 * Product-spec §2 Navbar: fixed at the top, 56 px high; collapses behind a toggle on small
 * screens.
 *
 * `shell`: the navbar drawn while the app still reads its configuration (decision 0004):
 * the brand and the app's own pages at once; the links that come from the configuration, and
 * the user menu, once it has arrived.
 */
export function AppNavbar({ shell = false }: { shell?: boolean }) {
  const { isAuthenticated } = useAuth();
  const expanded = useCollapseOnNavigation();
  return (
    <Navbar
      expanded={expanded.value}
      onToggle={expanded.set}
      fixed="top"
      expand="lg"
      bg="dark"
      data-bs-theme="dark"
      className="app-navbar"
    >
      <Container fluid>
        <Navbar.Brand as={Link} to={CLIENT_ROUTES.home}>
          {APP_NAME}
        </Navbar.Brand>
        <Navbar.Toggle
          aria-controls="main-navigation"
          aria-expanded={expanded.value}
          aria-label="Toggle navigation"
        />
        <Navbar.Collapse id="main-navigation">
          <Nav as="ul" className="me-auto">
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={CLIENT_ROUTES.home} end>
                Home
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={CLIENT_ROUTES.map}>
                Map
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={CLIENT_ROUTES.projects}>
                Projects
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={CLIENT_ROUTES.datasets}>
                Datasets
              </Nav.Link>
            </Nav.Item>
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={CLIENT_ROUTES.compare}>
                Compare
              </Nav.Link>
            </Nav.Item>
            {!shell && <Ed50CalculatorNavLink />}
            {isAuthenticated && (
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={CLIENT_ROUTES.upload}>
                  Upload to Database
                </Nav.Link>
              </Nav.Item>
            )}
            {!shell && <HelpNavLinks />}
          </Nav>
          {!shell && <UserMenu />}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

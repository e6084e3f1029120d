import { Fragment, useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components';
import { openAuthDialog, UserMenu } from '@/features/auth';
import { ContactDialog } from '@/features/contact';
import { useSession } from '@/lib/use-session';
import { ExchangeBadge, TradeNavItem } from './exchange-badge';
import { WidgetsMenu } from './widgets-menu';
import './top-bar.css';

const links = [
  { to: '/bingo', label: 'Bingo' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/shop', label: 'Shop' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'topbar__link is-active' : 'topbar__link';

/** The site header: brand, navigation, contact, widgets and the account entry. */
export function TopBar() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);

  // On phones the nav is a drop-down panel; following a link inside it closes it.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
  };

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <Link to="/" className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            B
          </span>
          <span className="topbar__brand-text">Trading Bingo</span>
        </Link>
        <ExchangeBadge />
        <button
          type="button"
          className="topbar__hamburger"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="topbar__hamburger-lines" />
        </button>
        <nav
          id="primary-nav"
          aria-label="Main"
          className={menuOpen ? 'topbar__nav is-open' : 'topbar__nav'}
          onClick={closeOnLink}
        >
          <ul className="topbar__links">
            {links.map((link) => (
              <Fragment key={link.to}>
                <li>
                  <NavLink to={link.to} className={navClass}>
                    {link.label}
                  </NavLink>
                </li>
                {/* Trade follows Bingo: the two places a trader works. */}
                {link.to === '/bingo' ? <TradeNavItem className={navClass} /> : null}
              </Fragment>
            ))}
            <li>
              <button
                type="button"
                className="topbar__link"
                onClick={() => {
                  setMenuOpen(false);
                  setContactOpen(true);
                }}
              >
                Contact
              </button>
            </li>
            <li>
              <NavLink to="/about" className={navClass}>
                About
              </NavLink>
            </li>
            <li className="topbar__desktop-only">
              <WidgetsMenu />
            </li>
            <li className="topbar__mobile-only">
              <NavLink to="/widget-toolbox" className={navClass}>
                Widget Toolbox
              </NavLink>
            </li>
          </ul>
          <div className="topbar__account">
            {session ? (
              <UserMenu username={session.username} />
            ) : (
              <Button
                onClick={() => {
                  setMenuOpen(false);
                  openAuthDialog('login');
                }}
              >
                Login
              </Button>
            )}
          </div>
        </nav>
      </div>
      <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
    </header>
  );
}

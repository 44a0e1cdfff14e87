import LogIn from 'lucide-react/icons/log-in';
import { Outlet } from '../lib/routing.js';
import { AppHeader, HeaderLink } from '../ui/app-header.js';
import { SIGN_IN_PATH } from './api.js';

/**
 * The frame of the network's account pages opened from emails (forgot, reset, verify): the logo,
 * the way back to sign-in and the dark-mode switch. Not the spec's top navigation, which needs a
 * signed-in member; a member who is signed in is sent on to the feed by the sign-in page.
 */
export default function NetworkAccountShell() {
  return (
    <>
      <AppHeader homeTo="/" areaName="HR network" navLabel="Account">
        <HeaderLink to={SIGN_IN_PATH} icon={LogIn} label="Sign in" />
      </AppHeader>
      <Outlet />
    </>
  );
}

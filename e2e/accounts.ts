/** Accounts the e2e app is started with (see worker-app.ts). */
export const e2eAccounts = {
  caseAdmin: { email: 'e2e-admin@example.test', password: 'e2e-admin-password' },
  lmsAdmin: { username: 'e2e-lms-admin', password: 'e2e-lms-admin-password' },
  /** A network moderator: its address is in NETWORK_ADMIN_EMAILS; the spec signs it up and verifies it. */
  networkModerator: { email: 'e2e-moderator@example.test', password: 'e2e-moderator-password' },
  /** The app's client at the local OpenID provider the network tests start (e2e/network-oidc-provider.ts). */
  oidcClient: { clientId: 'pathway-e2e', clientSecret: 'pathway-e2e-client-secret-0123456789' },
};

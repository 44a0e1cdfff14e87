/** Accounts the e2e app is started with (see global-setup.ts). */
export const e2eAccounts = {
  caseAdmin: { email: 'e2e-admin@example.test', password: 'e2e-admin-password' },
  lmsAdmin: { username: 'e2e-lms-admin', password: 'e2e-lms-admin-password' },
};

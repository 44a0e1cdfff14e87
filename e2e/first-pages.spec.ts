import { e2eAccounts } from './accounts.js';
import { createCaseViaApi, uniqueSuffix } from './cases-helpers.js';
import { expect, hydrated, test } from './fixtures.js';
import { createMember, createPost, uniqueName } from './network-helpers.js';

/**
 * The first pages come as HTML rendered on the server (decision 032): their first screen is in the
 * answer before any script runs, and the browser hydrates it without a mismatch (a console error
 * fails every test: the fixtures' consoleErrors).
 */

/** What is between `<div id="root">` and the page data: the first screen as the server drew it. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

const firstPages = [
  { path: '/casetracking', texts: ['Track Your Application', 'Case Number', 'Passport Number', 'Check Status'] },
  { path: '/caseadmin/login', texts: ['Admin Login', 'Email', 'Password'] },
  { path: '/lms-system/login', texts: ['Welcome Back!', 'Username', 'Password'] },
  { path: '/', texts: ['Create your account', 'Track Your Application', 'Email', 'Password'] },
  { path: '/no-such-page', texts: ['Page not found', 'Go to the home page'] },
];

test('when a first page is fetched without running any script, then the HTML holds its first screen with its styles', async ({
  request,
}) => {
  for (const { path, texts } of firstPages) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    const html = await response.text();
    const root = rootOf(html);
    for (const text of texts) expect(root, `${path} shows "${text}"`).toContain(text);
    // Nothing holds its first paint but the HTML (decision 032): its styles are in it, and its code is
    // asked for by the head script once it has painted, not by a tag the browser fetches as it parses.
    expect(html, `${path} carries its page's styles`).toMatch(/<style>[^<]*?\{[\s\S]+?<\/style>/);
    expect(html, `${path} waits for no stylesheet`).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);
    expect(html, `${path} fetches no code before its first paint`).not.toMatch(
      /<script[^>]*\bsrc=|rel="modulepreload"/,
    );
    expect(html, `${path} names its code for after the paint`).toMatch(
      /<script type="application\/json" id="page-code">\["\/assets\/[^"]+\.js"/,
    );
    expect(html, `${path} sets dark mode before paint`).toContain("localStorage.getItem('darkMode')");
  }
  // An unknown address in every area is "page not found", drawn on the server, answering 404; the
  // API's unknown paths stay JSON.
  for (const path of [
    '/caseadmin/no-such-page',
    '/lms-system/no-such-page',
    '/casetracking/no/such',
    '/feed/no-such-page',
  ]) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(404);
    expect(rootOf(await response.text()), path).toContain('Page not found');
  }
  const api = await request.get('/api/no-such-path', { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: 'Route GET /api/no-such-path not found' });
  // Any other address keeps the empty page the browser draws.
  const other = await (await request.get('/caseadmin/dashboard', { headers: { accept: 'text/html' } })).text();
  expect(other).toContain('<div id="root"></div>');
});

test("when an Arabic reader fetches the tracker, then the HTML is in Arabic, right to left; the switcher's cookie wins over Accept-Language", async ({
  request,
}) => {
  const arabic = await (
    await request.get('/casetracking', {
      headers: { accept: 'text/html', 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    })
  ).text();
  expect(arabic).toContain('<html lang="ar" dir="rtl"');
  expect(rootOf(arabic)).toContain('تتبع طلبك');
  const hindi = await (
    await request.get('/casetracking', {
      headers: { accept: 'text/html', 'accept-language': 'ar', cookie: 'pathway.language=hi' },
    })
  ).text();
  expect(hindi).toContain('<html lang="hi" dir="ltr"');
});

test('when a visitor reaches an unknown address, then "page not found" is in their language and direction, as the tracker chooses it', async ({
  request,
}) => {
  const arabic = await request.get('/lms-system/no-such-page', {
    headers: { accept: 'text/html', 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
  });
  expect(arabic.status()).toBe(404);
  const arabicHtml = await arabic.text();
  expect(arabicHtml).toContain('<html lang="ar" dir="rtl"');
  expect(arabicHtml).toContain('<title>الصفحة غير موجودة · Pathway</title>');
  expect(rootOf(arabicHtml)).toContain('الصفحة غير موجودة');
  expect(rootOf(arabicHtml)).toContain('الذهاب إلى لوحة التعلّم');
  // The switcher's cookie wins over Accept-Language.
  const hindi = await (
    await request.get('/no-such-page', {
      headers: { accept: 'text/html', 'accept-language': 'ar', cookie: 'pathway.language=hi' },
    })
  ).text();
  expect(hindi).toContain('<html lang="hi" dir="ltr"');
  expect(rootOf(hindi)).toContain('पेज नहीं मिला');
  expect(rootOf(hindi)).toContain('होम पेज पर जाएँ');
  const english = await (
    await request.get('/caseadmin/no-such-page', { headers: { accept: 'text/html', 'accept-language': 'fr, en' } })
  ).text();
  expect(english).toContain('<html lang="en" dir="ltr"');
  expect(rootOf(english)).toContain('Go to the case admin dashboard');
});

test('when the first pages open in the browser, then they hydrate without a console error and answer at once', async ({
  page,
}) => {
  // Their styles came in the HTML: the code that takes the page over does not download them again.
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  for (const { path } of firstPages) {
    await page.goto(path);
    await hydrated(page);
    expect(stylesheets, path).toEqual([]);
    const toggle = page.getByRole('button', { name: 'Dark mode' }).first();
    const pressed = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
    await toggle.click();
  }
});

test('when an Arabic reader opens the tracker or an unknown address, then it hydrates in Arabic, right to left', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'ar-EG', baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // As the fixtures' check: a 404 answer (the not-found page's own) is logged by the browser, not by the app.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/casetracking');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'تتبع طلبك' })).toBeVisible();
  // "Page not found" hydrates in Arabic too, and stays so.
  await page.goto('/no-such-page');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page).toHaveTitle('الصفحة غير موجودة · Pathway');
  expect(errors).toEqual([]);
  await context.close();
});

test('when a lookup is sent as a plain form, without JavaScript or before it runs, then the answer is the progress page, and it hydrates', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const caseNumber = `FP-${uniqueSuffix()}`;
  await createCaseViaApi(request, {
    case_number: caseNumber,
    passport_number: 'AB ١٢٣٤٥٦',
    client_name: 'أمل عبد الرحمن المصري',
    serviceIds: [1],
  });
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto('/casetracking');
  await plain.getByLabel('Case Number').fill(caseNumber);
  await plain.getByLabel('Passport Number').fill('AB 654321');
  await plain.getByRole('button', { name: 'Check Status' }).click();
  await expect(plain.getByRole('alert')).toHaveText('Case details not found. Please verify your information.');
  await expect(plain).toHaveURL(/\/casetracking$/);
  await plain.getByLabel('Passport Number').fill('ab123456');
  await plain.getByRole('button', { name: 'Check Status' }).click();
  await expect(plain.getByRole('heading', { name: 'Case Progress Tracker' })).toBeVisible();
  await expect(plain.getByRole('listitem', { name: 'Documents Verification' })).toContainText(
    'Current step: Documents Received',
  );
  await noScript.close();

  // Sent before the page's JavaScript takes the form over (form.submit() skips its handler): the
  // page that answers hydrates with the same result, without a console error (the fixtures' check).
  await page.goto('/casetracking');
  await hydrated(page);
  await page.getByLabel('Case Number').fill(caseNumber);
  await page.getByLabel('Passport Number').fill('AB 123456');
  // The answer's scripts are held while the applicant taps "Sign in" and types an address, as on a
  // slow phone: the result is a part hydrated after its page, and must then do the tap, keep the
  // focus where she is typing, and send the address she typed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.locator('form').evaluate((form: HTMLFormElement) => form.submit());
  await expect(page.getByRole('heading', { name: 'Case Progress Tracker' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in to send documents' }).click();
  const email = page.getByLabel('Your email');
  await email.fill(`early-${caseNumber.toLowerCase()}@example.test`);
  release();
  await expect(page.getByRole('status').filter({ hasText: 'we have sent it a sign-in link' })).toBeVisible();
  await hydrated(page);
  await page.unrouteAll();
  await expect(email).toBeFocused();
  await page.getByRole('button', { name: 'Email me', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  await expect(page.getByLabel('Passport Number')).toHaveValue('AB 123456');
});

test('when an admin taps dark mode, types and signs in before the JavaScript has run, then once it has, both are done', async ({
  page,
}) => {
  // The scripts are held until the form is filled and sent, as on a slow phone's connection.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/caseadmin/login', { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  const darkBefore = (await page.locator('html').getAttribute('class'))?.includes('dark') ?? false;
  await toggle.click();
  await page.getByLabel('Email').fill(e2eAccounts.caseAdmin.email);
  await page.getByLabel('Password').fill(e2eAccounts.caseAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Nothing went the browser's way meanwhile (a form without JavaScript would put the password in the address).
  expect(page.url()).not.toContain('password');
  release();
  await expect(page).toHaveURL(/\/caseadmin\/dashboard$/);
  await expect(page.locator('html')).toHaveClass(darkBefore ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test('when an applicant types the case number before the JavaScript has run and the passport number after, then the lookup has both', async ({
  page,
  request,
}) => {
  const caseNumber = `PW-EARLY-${uniqueSuffix()}`;
  await createCaseViaApi(request, {
    case_number: caseNumber,
    passport_number: 'EA 123456',
    client_name: 'Early Typist',
    serviceIds: [1],
  });
  // The scripts are held until the first field is typed, as on a slow phone.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/casetracking', { waitUntil: 'commit' });
  await page.getByLabel('Case Number').fill(caseNumber);
  release();
  await hydrated(page);
  // A keystroke once React has the form re-renders it; what was typed before must survive that.
  await page.getByLabel('Passport Number').fill('EA 123456');
  await expect(page.getByLabel('Case Number')).toHaveValue(caseNumber);
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('heading', { name: 'Case Progress Tracker' })).toBeVisible();
});

test('when a visitor types the first field of a sign-in form before the JavaScript has run and the rest after, then the form sends both', async ({
  page,
}) => {
  const member = `early${uniqueSuffix()}`.toLowerCase();
  const forms = [
    {
      path: '/?mode=signup',
      first: ['Email', `${member}@example.test`],
      rest: ['Password', 'correct horse battery'],
      send: 'Create Account',
      arrives: /\/UserDetails$/,
    },
    {
      path: '/caseadmin/login',
      first: ['Email', e2eAccounts.caseAdmin.email],
      rest: ['Password', e2eAccounts.caseAdmin.password],
      send: 'Login',
      arrives: /\/caseadmin\/dashboard$/,
    },
    {
      path: '/lms-system/login',
      first: ['Username', e2eAccounts.lmsAdmin.username],
      rest: ['Password', e2eAccounts.lmsAdmin.password],
      send: 'Login',
      arrives: /\/lms-system\/admin$/,
    },
  ] as const;
  for (const form of forms) {
    // The scripts are held until the first field is typed, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(form.path, { waitUntil: 'commit' });
    await page.getByLabel(form.first[0], { exact: true }).fill(form.first[1]);
    release();
    await hydrated(page);
    await page.unrouteAll();
    // A keystroke once React has the form may re-render it; what was typed before must survive that.
    await page.getByLabel(form.rest[0], { exact: true }).fill(form.rest[1]);
    await expect(page.getByLabel(form.first[0], { exact: true }), form.path).toHaveValue(form.first[1]);
    await page.getByRole('button', { name: form.send }).click();
    await expect(page, form.path).toHaveURL(form.arrives);
  }
});

test('when a sign-in form is sent without JavaScript, then its page answers that signing in needs JavaScript, never JSON, and the password goes nowhere', async ({
  browser,
  baseURL,
  request,
}) => {
  const needsJavaScript = 'Signing in needs JavaScript, which did not run on this page.';
  const password = 'never-echoed-كلمة-सर्वर-7x9';
  // In the visitor's language (Accept-Language, else the switcher's cookie), as "page not found" is.
  const languages: { headers: Record<string, string>; says: string }[] = [
    { headers: {}, says: `lang="en" dir="ltr">${needsJavaScript}` },
    { headers: { 'accept-language': 'ar-EG,ar;q=0.9' }, says: 'lang="ar" dir="rtl">يتطلب تسجيل الدخول JavaScript' },
    { headers: { cookie: 'pathway.language=hi' }, says: 'lang="hi" dir="ltr">साइन इन करने के लिए JavaScript ज़रूरी है' },
  ];
  for (const [path, fields] of [
    ['/?mode=signin', { email: 'early@example.test', password }],
    ['/caseadmin/login', { email: e2eAccounts.caseAdmin.email, password }],
    ['/lms-system/login/', { username: 'learner', password }],
  ] as const) {
    for (const language of languages) {
      const response = await request.post(path, {
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...language.headers },
        data: new URLSearchParams(fields).toString(),
      });
      expect(response.status(), path).toBe(400);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expect(response.headers()['cache-control'], path).toBe('no-store');
      const html = await response.text();
      expect(rootOf(html), path).toMatch(new RegExp(language.says));
      expect(html, path).not.toContain(password);
    }
  }
  // In a browser without JavaScript: the form goes as a POST and the page says why nothing happened.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto('/caseadmin/login');
  await plain.getByLabel('Email').fill(e2eAccounts.caseAdmin.email);
  await plain.getByLabel('Password').fill(password);
  await plain.getByRole('button', { name: 'Login' }).click();
  await expect(plain.getByRole('alert')).toContainText(needsJavaScript);
  await expect(plain.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(plain.url()).not.toContain('never-echoed');
  await noScript.close();
});

test.describe('the signed-in feed', () => {
  // A phone far from the server's zone, in another language: what it draws while hydrating must
  // still be what the server drew.
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'hi-IN' });

  test('when a member opens the feed, then its first posts are in the HTML, and hydrating asks for neither the member nor the posts again', async ({
    page,
  }) => {
    const context = page.context();
    await createMember(context, { displayName: 'प्रिया शर्मा' });
    const arabic = `وصلت تأشيرة العمل اليوم ${uniqueName('')}`;
    const hindi = `मेरा लाइसेंस सत्यापित हुआ ${uniqueName('')}`;
    await createPost(context, arabic);
    const hindiId = await createPost(context, hindi);

    // Without any script: the posts are in the page, which no cache may keep.
    const response = await context.request.get('/Home', { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const root = rootOf(await response.text());
    for (const text of [arabic, hindi, 'प्रिया शर्मा', 'Start a post']) expect(root).toContain(text);

    // Hydrated (a mismatch would be a console error, which fails the test): the answers came with
    // the page, so neither is asked for again.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/network/me' || pathname === '/api/network/posts') asked.push(pathname);
    });
    await page.goto('/Home');
    await hydrated(page);
    // And it works: a like is sent and counted.
    const post = page.getByRole('article').filter({ hasText: hindi });
    await expect(post).toContainText(/Just now|min ago/);
    const liked = page.waitForResponse((answer) => answer.url().endsWith(`/api/network/posts/${hindiId}/like`));
    await post.getByRole('button', { name: 'Like' }).click();
    expect((await liked).status()).toBe(200);
    await expect(post.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    await expect(post).toContainText('1 like');
    expect(asked).toEqual([]);
  });

  test('when a member types a comment before the JavaScript has run, then once it has, Submit sends it; one sent before then is sent once, when it has', async ({
    page,
  }) => {
    const context = page.context();
    await createMember(context);
    const typed = `Typed before the scripts ${uniqueName('')}`;
    const sent = `Sent before the scripts ${uniqueName('')}`;
    const tapped = `Tapped before the scripts ${uniqueName('')}`;
    const ids = {
      typed: await createPost(context, `A post for ${typed}`),
      sent: await createPost(context, `A post for ${sent}`),
      tapped: await createPost(context, `A post for ${tapped}`),
    };
    const posted: string[] = [];
    page.on('request', (request) => {
      const id = /\/api\/network\/posts\/([^/]+)\/comments$/.exec(new URL(request.url()).pathname)?.[1];
      if (id && request.method() === 'POST') posted.push(id);
    });
    // The page's scripts are held while the member writes, as on a slow phone: the comment boxes
    // are the server's until then.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/Home', { waitUntil: 'commit' });
    const card = (text: string) => page.getByRole('article').filter({ hasText: `A post for ${text}` });
    const box = (text: string) => card(text).getByRole('combobox', { name: 'Add a comment' });
    await box(typed).fill(typed);
    // One sent with Enter, one with a tap on Submit, before React has the page: they wait for it.
    await box(sent).fill(sent);
    await box(sent).press('Enter');
    await box(tapped).fill(tapped);
    await card(tapped).getByRole('button', { name: 'Submit' }).click();
    release();
    await hydrated(page);
    await page.unrouteAll();
    for (const text of [sent, tapped]) {
      await expect(card(text).getByRole('list', { name: 'Comments' })).toContainText(text);
      await expect(box(text)).toHaveValue('');
    }
    // The one only typed stays in its box, and Submit sends it.
    await expect(box(typed)).toHaveValue(typed);
    await card(typed).getByRole('button', { name: 'Submit' }).click();
    await expect(card(typed).getByRole('list', { name: 'Comments' })).toContainText(typed);
    await expect(box(typed)).toHaveValue('');
    for (const text of [typed, sent, tapped]) await expect(card(text)).toContainText('1 comment');
    expect(posted.sort()).toEqual(Object.values(ids).sort());
    // Once React has it, an empty box still sends nothing.
    await expect(card(typed).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('when a member taps "Start a post" or searches before the JavaScript has run, then once it has, the post box opens and the search is done', async ({
    page,
  }) => {
    await createMember(page.context());
    const holdScripts = async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    };
    let release = await holdScripts();
    await page.goto('/Home', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start a post' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Create a post' })).toBeVisible();
    await page.unrouteAll();

    release = await holdScripts();
    await page.goto('/Home', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search posts and members' });
    await search.fill('nurse');
    await search.press('Enter');
    release();
    await expect(page).toHaveURL(/\/search\?q=nurse$/);
    await page.unrouteAll();
  });
});

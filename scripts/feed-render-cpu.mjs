// The server's CPU for drawing the signed-in feed (issue 42, decision 053): the built renderer
// (dist/ssr/entry-server.js, as server/platform/first-pages.ts loads it) draws `/Home` with a member
// and ten posts (mentions, a picture, a video, comments counted, one the member may delete) this
// many times, and prints the CPU (user + system, process.cpuUsage) per page, the median of five
// rounds after a warm-up. The feed's SQL and serializer (under 1 ms, docs/performance.md) are not in it.
//
//   npm run build && node scripts/feed-render-cpu.mjs [pages per round, 200] [renderer, dist/ssr/entry-server.js]
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const pages = Number(process.argv[2] ?? 200);
const entry = path.resolve(process.argv[3] ?? 'dist/ssr/entry-server.js');
const { renderFirstPage } = await import(pathToFileURL(entry).href);

const publicConfig = {
  healthAuthorityUrl: 'https://authority.example.test',
  upgradeChatUrl: '',
  mockExamDurationSeconds: 3600,
  examDurationSeconds: 7200,
  networkSignup: 'open',
  oidcConfigured: false,
  oidcProviderName: 'Google',
  uploadMaxBytes: 50_000_000,
  caseDocumentMaxBytes: 10_000_000,
  caseContact: { phone: null, whatsapp: null, email: null },
  licenceAuthorities: ['DHA', 'DOH', 'MOH', 'SCFHS', 'NMC'],
};
const me = {
  uid: 'member-priya',
  email: 'priya@example.test',
  displayName: 'प्रिया शर्मा',
  photoURL: '/api/network/media/priya.jpg',
  username: 'priya',
  isProfileComplete: true,
  isAdmin: false,
  emailVerified: true,
  headline: 'ICU nurse',
  role: null,
  employer: null,
  location: null,
  about: null,
};
const drawnAt = '2026-11-28T10:00:00.000Z';
const text = (i) =>
  `وصلت تأشيرة العمل اليوم بعد ١٢ أسبوعًا — मेरा लाइसेंस सत्यापित हुआ. Thanks @rahul_${i} and @amal for the help with the DHA licence, ` +
  'the dataflow report and the interview. '.repeat(1 + (i % 3));
const posts = Array.from({ length: 10 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  user: {
    email: null,
    displayName: `Author ${i}`,
    photoURL: i % 2 ? `/api/network/media/author-${i}.jpg` : null,
    username: `author${i}`,
    headline: i % 3 ? 'Staff nurse at Rashid Hospital' : null,
  },
  description: text(i),
  mediaType: i === 2 ? 'image/jpeg' : i === 5 ? 'video/mp4' : 'text',
  mediaURL: i === 2 ? '/api/network/media/2.jpg' : i === 5 ? '/api/network/media/5.mp4' : null,
  timestamp: new Date(Date.parse(drawnAt) - (i + 1) * 3_600_000 * (i > 6 ? 48 : 1)).toISOString(),
  userId: i === 4 ? me.uid : `member-${i}`,
  likeCount: i * 3,
  likedByMe: i % 4 === 0,
  commentCount: i % 3,
  canDelete: i === 4,
  reportedByMe: i === 7,
}));
const networkFeed = { me, posts: { posts, nextCursor: 'next' }, drawnAt };
const draw = () => renderFirstPage({ pathname: '/Home', publicConfig, networkFeed });

const first = await draw();
if (!first?.html.includes(posts[9].user.displayName)) throw new Error('the feed was not drawn');
for (let i = 0; i < 50; i++) await draw();

const rounds = [];
for (let round = 0; round < 5; round++) {
  const start = process.cpuUsage();
  for (let i = 0; i < pages; i++) await draw();
  const used = process.cpuUsage(start);
  rounds.push((used.user + used.system) / 1000 / pages);
}
rounds.sort((a, b) => a - b);
const ms = (value) => value.toFixed(2);
console.log(
  `${entry}: ${ms(rounds[2])} ms of CPU per /Home page (median of 5 rounds of ${pages}; rounds ${rounds.map(ms).join(', ')}); HTML ${first.html.length} characters`,
);

import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { isolate, isolatedRuns, isolateLtr, RLI, PDI } from './bidi.js';
import type { MailMessage } from './mail.js';
import { ONE_CLICK_UNSUBSCRIBE } from './one-click-unsubscribe.js';

/**
 * Every email of the product (network, LMS, cases) is drawn by this one layout with React Email:
 * the product's name and colours, one button for the one thing to do (with its link also written
 * out, short), and a plain-text alternative made from the same content.
 */
export type EmailContent = {
  /** Says what happened: "Your case PW-2026-0042 moved to Attestation". */
  subject: string;
  /** The line mail apps show next to the subject. */
  preview: string;
  heading: string;
  intro: string[];
  /** A short list under the intro, e.g. each service that moved and its step. */
  items?: { title: string; detail?: string | null }[];
  action?: { label: string; url: string };
  outro?: string[];
  /**
   * Who to turn to about it: a person and how to reach them (the case owner, the agency's phone and
   * email), in a box under the text, so a reader with a question never has to search for it.
   */
  contact?: { heading: string; lines: string[] };
  /** Why this person gets this email, in the footer. */
  reason: string;
  /**
   * For mail one can stop (case updates, the digest): a footer link, and the `List-Unsubscribe`
   * header with `List-Unsubscribe-Post`, so the address must take a one-click POST
   * (`registerOneClickUnsubscribe`).
   */
  unsubscribeUrl?: string;
  /** The language the words above are in, and the layout's own words in it; English when left out. */
  locale?: EmailLocale;
};

/** What the layout writes itself, in the email's language; `dir` mirrors the whole email for Arabic. */
export type EmailLocale = { lang: string; dir: 'ltr' | 'rtl'; openLink: string; stopEmails: string };

const english: EmailLocale = { lang: 'en', dir: 'ltr', openLink: 'Or open', stopEmails: 'Stop these emails' };

export type RenderedEmail = Pick<MailMessage, 'subject' | 'text' | 'html' | 'headers'>;

// The light theme of web/ui/theme.css: mail apps ignore the page's variables.
const colors = {
  background: '#f4f2ee',
  surface: '#ffffff',
  text: '#1d2226',
  muted: '#56616b',
  border: '#d6dbe0',
  primary: '#0a66c2',
  primaryText: '#ffffff',
};
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A link as people read it: host and path, the token and anything long cut ("pathway.example/verify-email?…"). */
export function shortLink(url: string): string {
  const parsed = new URL(url);
  const written = `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search ? '?…' : ''}`;
  return written.length > 48 ? `${written.slice(0, 47)}…` : written;
}

/**
 * A text whose isolated runs (bidi.ts) become elements that isolate them in HTML: `<span dir="ltr">`
 * for a run known to be left to right, `<bdi>` for one whose direction its first letter decides.
 */
function Isolated({ text }: { text: string }) {
  const runs = isolatedRuns(text);
  if (runs.length === 1 && !runs[0]?.isolated) return <>{text}</>;
  return (
    <>
      {runs.map((run, index) =>
        run.isolated === 'ltr' ? (
          <span key={index} dir="ltr">
            {run.text}
          </span>
        ) : run.isolated ? (
          <bdi key={index}>{run.text}</bdi>
        ) : (
          run.text
        ),
      )}
    </>
  );
}

const paragraph = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text };
const small = { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: colors.muted };

function Email({ content }: { content: EmailContent }) {
  const { action } = content;
  const locale = content.locale ?? english;
  // `dir` on the body and container too: several webmail apps drop the <html> element's attributes.
  return (
    <Html lang={locale.lang} dir={locale.dir}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body
        dir={locale.dir}
        style={{ margin: 0, padding: '24px 0', backgroundColor: colors.background, fontFamily: font }}
      >
        <Container
          dir={locale.dir}
          style={{ maxWidth: '560px', margin: '0 auto', textAlign: locale.dir === 'rtl' ? 'right' : 'left' }}
        >
          <Text
            style={{ margin: '0 0 12px', padding: '0 24px', fontSize: '20px', fontWeight: 700, color: colors.primary }}
          >
            Pathway
          </Text>
          <Section
            style={{
              backgroundColor: colors.surface,
              border: `1px solid ${colors.border}`,
              borderRadius: '8px',
              padding: '24px',
            }}
          >
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: colors.text }}>
              <Isolated text={content.heading} />
            </Heading>
            {content.intro.map((line) => (
              <Text key={line} style={paragraph}>
                <Isolated text={line} />
              </Text>
            ))}
            {content.items && content.items.length > 0 && (
              <Section
                style={{
                  margin: '0 0 16px',
                  borderInlineStart: `4px solid ${colors.primary}`,
                  paddingInlineStart: '12px',
                }}
              >
                {content.items.map((item) => (
                  <Text key={item.title} style={{ ...paragraph, margin: '0 0 8px' }}>
                    <strong>
                      <Isolated text={item.title} />
                    </strong>
                    {item.detail ? (
                      <>
                        <br />
                        {/* Staff's own words, in whatever language they wrote them. */}
                        <bdi style={{ color: colors.muted }}>{item.detail}</bdi>
                      </>
                    ) : null}
                  </Text>
                ))}
              </Section>
            )}
            {action && (
              <Section style={{ margin: '8px 0 16px' }}>
                <Button
                  href={action.url}
                  style={{
                    backgroundColor: colors.primary,
                    color: colors.primaryText,
                    borderRadius: '6px',
                    padding: '12px 20px',
                    fontSize: '16px',
                    fontWeight: 600,
                    textDecoration: 'none',
                  }}
                >
                  {action.label}
                </Button>
                {/* The plain text spells the whole link out already; here it is short, and still a link. */}
                <Text style={{ ...small, margin: '12px 0 0' }}>
                  {locale.openLink}{' '}
                  <Link href={action.url} style={{ color: colors.primary }}>
                    <span dir="ltr">{shortLink(action.url)}</span>
                  </Link>
                </Text>
              </Section>
            )}
            {content.outro?.map((line) => (
              <Text key={line} style={paragraph}>
                <Isolated text={line} />
              </Text>
            ))}
            {content.contact && content.contact.lines.length > 0 && (
              <Section
                style={{
                  margin: '8px 0 0',
                  padding: '12px 16px',
                  backgroundColor: colors.background,
                  borderRadius: '6px',
                }}
              >
                <Text style={{ ...small, margin: '0 0 4px', fontWeight: 700, color: colors.text }}>
                  <Isolated text={content.contact.heading} />
                </Text>
                {content.contact.lines.map((line) => (
                  <Text key={line} style={{ ...small, margin: '0 0 2px', color: colors.text }}>
                    <Isolated text={line} />
                  </Text>
                ))}
              </Section>
            )}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '24px 0 12px' }} />
          <Section style={{ padding: '0 24px' }}>
            <Text style={small}>
              <Isolated text={content.reason} />
            </Text>
            {content.unsubscribeUrl && (
              <Text style={small}>
                <Link href={content.unsubscribeUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
                  {locale.stopEmails}
                </Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The plain-text alternative: the same content, every link written out in full. In a right-to-left
 * email the links and the staff's own words are isolated, and each line holding right-to-left
 * words is a right-to-left isolate, so an app that shows plain text left to right still keeps
 * each sentence's order (its full stop at its end).
 */
function plainText(content: EmailContent): string {
  const locale = content.locale ?? english;
  const rtl = locale.dir === 'rtl';
  const link = (url: string) => (rtl ? isolateLtr(url) : url);
  const words = (text: string) => (rtl ? isolate(text) : text);
  const lines = ['Pathway', '', content.heading, '', ...content.intro.flatMap((line) => [line, ''])];
  if (content.items?.length) {
    for (const item of content.items) lines.push(item.title, ...(item.detail ? [`  ${words(item.detail)}`] : []));
    lines.push('');
  }
  if (content.action) lines.push(`${content.action.label}: ${link(content.action.url)}`, '');
  for (const line of content.outro ?? []) lines.push(line, '');
  if (content.contact?.lines.length) lines.push(content.contact.heading, ...content.contact.lines, '');
  lines.push('--', content.reason);
  if (content.unsubscribeUrl) lines.push(`${locale.stopEmails}: ${link(content.unsubscribeUrl)}`);
  const written = rtl ? lines.map((line) => (RTL_LETTERS.test(line) ? `${RLI}${line}${PDI}` : line)) : lines;
  return `${written.join('\n')}\n`;
}

const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  return {
    subject: content.subject,
    html: await render(<Email content={content} />),
    text: plainText(content),
    // RFC 8058: the address takes a mail provider's one-click POST (server/platform/one-click-unsubscribe.ts).
    ...(content.unsubscribeUrl
      ? { headers: { 'List-Unsubscribe': `<${content.unsubscribeUrl}>`, ...ONE_CLICK_UNSUBSCRIBE } }
      : {}),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../lib/routing.js';
import type {
  CreateLinkBody,
  LinkCode,
  LinkedArea,
  LinkedIdentity,
  PersonLinksAnswer,
} from '../../contracts/person-links.js';
import { errorMessage } from '../lib/http.js';
import { Button } from './button.js';
import { TextField } from './field.js';
import { emptiedIfUnchanged, Form, formValues } from './form.js';
import styles from './linked-accounts.module.css';
import { FormError } from './states.js';
import { QueryState } from './query-state.js';

/*
 * One person, linked accounts (issue 41, decision 039): the screen each area's account settings
 * show (network settings, the LMS profile, the applicant's case page). The area gives its own link
 * routes (each signed in its own way) and, where the area is translated, its words.
 */

/** An area's four link routes, through its own signed-in client. */
export type LinkedAccountsClient = {
  /** The query key: one per area, so each area's screen reads its own sign-in's links. */
  key: readonly unknown[];
  list: () => Promise<PersonLinksAnswer>;
  link: (body: CreateLinkBody) => Promise<PersonLinksAnswer>;
  issueCode: () => Promise<LinkCode>;
  unlink: (identity: { area: LinkedArea; accountId: string }) => Promise<unknown>;
};

const areaNames: Record<LinkedArea, string> = { network: 'Network account', lms: 'Learning account', cases: 'Case' };

export const linkedAccountsTexts = {
  title: 'Linked accounts',
  intro:
    'Link your Pathway accounts (network, learning, case) to see your journey in one place. Only you can link them, by proving you control both; you can remove a link at any time.',
  loading: 'Loading linked accounts...',
  loadFailed: 'Could not load your linked accounts.',
  none: 'No other account is linked with this one yet.',
  areas: areaNames,
  thisAccount: 'this account',
  linkedOn: (date: string) => `linked ${date}`,
  remove: 'Remove link',
  removeMessage: (label: string) =>
    `Remove the link with ${label}? A licence shown on a profile through it leaves the profile.`,
  keep: 'Keep',
  removing: 'Removing...',
  removeFailed: 'Could not remove the link.',
  byAddress: (area: LinkedArea) => `Link my ${areaNames[area].toLowerCase()} that has verified the same address`,
  codeTitle: 'Link by signing in to the other account',
  codeHelp:
    'Ask your other account for a link code (in its settings), then enter it here; or get a code here and enter it there.',
  getCode: 'Get a link code',
  yourCode: (code: string, until: string) => `Your code: ${code} (enter it in your other account before ${until})`,
  codeFailed: 'Could not make a link code.',
  codeLabel: 'Link code from your other account',
  link: 'Link',
  linking: 'Linking...',
  linkFailed: 'Could not link the account.',
  journey: 'See my journey: readiness, cases and licences in one place',
};
export type LinkedAccountsTexts = typeof linkedAccountsTexts;

/** How the screen writes a day and a time of day. */
export type LinkedAccountsDates = { day: (iso: string) => string; time: (iso: string) => string };

/** In the device's zone, the members' and learners' screens' way: the applicant's name theirs (web/lib/dates.ts). */
const deviceDates = (language: string | undefined): LinkedAccountsDates => ({
  day: (iso) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)),
  time: (iso) => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
});

export function LinkedAccounts({
  client,
  byAddress = [],
  texts = linkedAccountsTexts,
  describeError = errorMessage,
  language,
  dates = deviceDates(language),
  className,
  titleClassName,
  journeyHref,
}: {
  client: LinkedAccountsClient;
  /** The areas whose accounts this one can find by its verified address (the server refuses the others). */
  byAddress?: readonly LinkedArea[];
  texts?: LinkedAccountsTexts;
  /** A failed call in the area's words: the server's sentence is English (`errorMessage` where the area is too). */
  describeError?: (error: unknown, fallback: string) => string;
  /** For dates and times; the browser's when unset. */
  language?: string;
  /** How days and times are written; by default in `language`, in the device's zone. */
  dates?: LinkedAccountsDates;
  className?: string;
  titleClassName?: string;
  /** The area's journey page (issue 41), linked under the list. */
  journeyHref?: string;
}) {
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: client.key, queryFn: client.list });
  const stored = (answer: PersonLinksAnswer) => queryClient.setQueryData(client.key, answer);
  const link = useMutation({ mutationFn: client.link, onSuccess: stored });
  const code = useMutation({ mutationFn: client.issueCode });
  const unlink = useMutation({
    mutationFn: client.unlink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: client.key }),
  });
  const [removing, setRemoving] = useState<LinkedIdentity | null>(null);
  const [codeText, setCodeText] = useState('');
  const isRemoving = (identity: LinkedIdentity) =>
    removing?.area === identity.area && removing.accountId === identity.accountId;

  return (
    <section className={className} aria-labelledby="linked-accounts-heading">
      <h2 id="linked-accounts-heading" className={titleClassName}>
        {texts.title}
      </h2>
      <p>{texts.intro}</p>
      <QueryState query={links} loading={texts.loading} error={(failure) => describeError(failure, texts.loadFailed)}>
        {({ identities }) => (
          <>
            <ul className={styles.identities} aria-label={texts.title}>
              {identities.map((identity) => (
                <li key={`${identity.area}:${identity.accountId}`} className={styles.identity}>
                  <span>
                    <strong>{texts.areas[identity.area]}</strong> <bdi>{identity.label}</bdi>
                    {identity.current ? (
                      <span className={styles.muted}> · {texts.thisAccount}</span>
                    ) : (
                      identity.linkedAt && (
                        <span className={styles.muted}> · {texts.linkedOn(dates.day(identity.linkedAt))}</span>
                      )
                    )}
                  </span>
                  {!identity.current && !isRemoving(identity) && (
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={`${texts.remove}: ${texts.areas[identity.area]} ${identity.label}`}
                      onClick={() => {
                        unlink.reset();
                        setRemoving(identity);
                      }}
                    >
                      {texts.remove}
                    </Button>
                  )}
                  {isRemoving(identity) && (
                    // Asked in place, in the area's words (a dialog would add its own English buttons).
                    <span className={styles.confirm} role="group" aria-label={texts.remove}>
                      <span>{texts.removeMessage(`${texts.areas[identity.area]} ${identity.label}`)}</span>
                      <Button
                        variant="danger"
                        size="small"
                        disabled={unlink.isPending}
                        onClick={() =>
                          unlink.mutate(
                            { area: identity.area, accountId: identity.accountId },
                            { onSettled: () => setRemoving(null) },
                          )
                        }
                      >
                        {unlink.isPending ? texts.removing : texts.remove}
                      </Button>
                      <Button variant="ghost" size="small" onClick={() => setRemoving(null)}>
                        {texts.keep}
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {identities.length <= 1 && <p className={styles.muted}>{texts.none}</p>}
          </>
        )}
      </QueryState>
      <FormError message={unlink.isError ? describeError(unlink.error, texts.removeFailed) : null} />
      {journeyHref && (
        <p>
          <Link to={journeyHref}>{texts.journey}</Link>
        </p>
      )}

      {byAddress.length > 0 && (
        <div className={styles.actions}>
          {byAddress.map((area) => (
            <Button key={area} variant="secondary" disabled={link.isPending} onClick={() => link.mutate({ area })}>
              {texts.byAddress(area)}
            </Button>
          ))}
        </div>
      )}

      <h3 className={styles.subtitle}>{texts.codeTitle}</h3>
      <p className={styles.muted}>{texts.codeHelp}</p>
      <FormError message={link.isError ? describeError(link.error, texts.linkFailed) : null} />
      <Form
        aria-label={texts.codeTitle}
        className={styles.codeForm}
        onSubmit={(event) => {
          event.preventDefault();
          const { code: entered } = formValues(event.currentTarget, ['code']);
          link.mutate({ code: entered.trim() }, { onSuccess: () => setCodeText(emptiedIfUnchanged(codeText, '')) });
        }}
      >
        <TextField
          label={texts.codeLabel}
          name="code"
          required
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          value={codeText}
          onChange={(event) => setCodeText(event.target.value)}
        />
        <Button type="submit" disabled={link.isPending}>
          {link.isPending ? texts.linking : texts.link}
        </Button>
      </Form>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={code.isPending} onClick={() => code.mutate()}>
          {texts.getCode}
        </Button>
        {code.data && (
          <p role="status" className={styles.code}>
            {texts.yourCode(code.data.code, dates.time(code.data.expiresAt))}
          </p>
        )}
      </div>
      <FormError message={code.isError ? describeError(code.error, texts.codeFailed) : null} />
    </section>
  );
}

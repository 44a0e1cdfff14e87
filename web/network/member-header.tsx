import BadgeCheck from 'lucide-react/icons/badge-check';
import type { ReactNode } from 'react';
import { Link } from '../lib/routing.js';
import type { MemberProfile } from '../../contracts/network.js';
import type { VerifiedLicence } from '../../contracts/person-links.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';

/** Who a member is, as far as their name goes: a post's author or a profile's owner. */
export type MemberIdentity = {
  username: string | null;
  displayName: string | null;
  photoURL: string | null;
  /** The professional line under the name (the headline, or role and employer). */
  headline: string | null;
};

export const memberName = (member: Pick<MemberIdentity, 'displayName' | 'username'>) =>
  member.displayName || member.username || 'Anonymous';

/** The name, a link to the profile (an account deleted since has no username, and no profile). */
function NameLink({ member, as: Tag }: { member: MemberIdentity; as: 'h1' | 'strong' }) {
  const name = memberName(member);
  return (
    <Tag className={styles.memberName}>
      {member.username && Tag === 'strong' ? (
        <Link to={`/members/${encodeURIComponent(member.username)}`} className={styles.profileLink}>
          {name}
        </Link>
      ) : (
        name
      )}
    </Tag>
  );
}

/**
 * "Licence verified": the licences the member chose to show (issue 41), each a link to its public
 * verify page (another area's page: a full navigation). The server lists only those valid now.
 */
function LicenceBadges({ licences }: { licences: VerifiedLicence[] }) {
  return (
    <span className={styles.licenceBadges}>
      {licences.map((licence) => (
        <a
          key={licence.verifyUrl}
          href={licence.verifyUrl}
          className={styles.licenceBadge}
          title={`${licence.authority} ${licence.licenceType}, valid until ${licence.expiresOn}`}
        >
          <BadgeCheck size={14} aria-hidden="true" />
          Licence verified
          <span className={styles.licenceAuthority}>
            {licence.authority} {licence.licenceType}
          </span>
        </a>
      ))}
    </span>
  );
}

/**
 * The one header that says who a member is, drawn on their profile (`variant="profile"`) and above
 * each of their posts (`variant="post"`): photo, name and professional line. Whatever vouches for a
 * member (a verified licence, issue 41) belongs next to the name here, so both places show it.
 * `children` is the post's time (or the profile's details) under the line.
 */
export function MemberHeader({
  member,
  variant,
  licences = [],
  children,
}: {
  member: MemberIdentity;
  variant: 'profile' | 'post';
  /** The member's verified licences, where the answer carries them (their profile, their posts on it). */
  licences?: VerifiedLicence[] | undefined;
  children?: ReactNode;
}) {
  const profile = variant === 'profile';
  return (
    <div className={profile ? styles.profileHeader : styles.postHeaderIdentity}>
      <Avatar src={member.photoURL} size={profile ? 72 : 44} />
      <div className={styles.postAuthor}>
        <NameLink member={member} as={profile ? 'h1' : 'strong'} />
        {licences.length > 0 && <LicenceBadges licences={licences} />}
        {member.headline && <span className={styles.headline}>{member.headline}</span>}
        {children}
      </div>
    </div>
  );
}

/** A profile's facts beyond the header line: role at employer, location, joined, about. */
export function ProfileDetails({ member, joined }: { member: MemberProfile['member']; joined: ReactNode }) {
  const work = [member.role, member.employer].filter(Boolean).join(' at ');
  return (
    <>
      {work && work !== member.headline && <span className={styles.muted}>{work}</span>}
      <span className={styles.muted}>
        {member.location && <>{member.location} · </>}@{member.username} · joined {joined}
      </span>
      {member.about && <p className={styles.about}>{member.about}</p>}
    </>
  );
}

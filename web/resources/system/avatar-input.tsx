import { useTranslation } from 'react-i18next';
import type { InputProps } from '../../crud';
import { AVATAR_NAMES, avatarPath, avatarSrc } from '../../crud';

/** The account's avatar chosen from the illustrations (spec §3: "pick one of at least six avatar illustrations; the avatar field is not shown"). */
export function AvatarInput({ value, onChange, id }: InputProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className="sys-avatars" role="radiogroup" aria-label={t('system.account.avatar')}>
      {AVATAR_NAMES.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === avatarPath(n)}
          aria-label={t(`system.avatars.${n}`)}
          className={`sys-avatar-choice${value === avatarPath(n) ? ' is-chosen' : ''}`}
          onClick={() => onChange(avatarPath(n))}
          data-testid={`avatar-${n}`}
        >
          <img src={avatarSrc(avatarPath(n))} alt="" />
        </button>
      ))}
    </div>
  );
}

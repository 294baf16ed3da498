import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerResource } from '../../contract/players';
import { Avatar } from './Avatar';
import { AvatarCrop } from './AvatarCrop';
import { useAvatarEditor } from './useAvatarEditor';
import './forms.css';

/** The avatar with a file picker; a chosen image is cropped to a square here, then uploaded. */
export function AvatarEditor({
  player,
  onSaved,
}: {
  player: PlayerResource;
  onSaved: (player: PlayerResource) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const editor = useAvatarEditor(player, onSaved);

  return (
    <div className="avatar-editor">
      {editor.source ? (
        <AvatarCrop editor={editor} titleId={`${inputId}-crop`} />
      ) : (
        <div className="avatar-current">
          <Avatar player={player} size={120} />
          <div>
            {/* The input stays in the tab order; the label after it shows its focus ring (forms.css). */}
            <input
              ref={editor.input}
              id={inputId}
              className="visually-hidden avatar-file"
              type="file"
              accept="image/*"
              aria-describedby={`${inputId}-hint`}
              onChange={editor.choose}
            />
            <label htmlFor={inputId} className="button">
              {t('profile.avatar.choose')}
            </label>
            <p id={`${inputId}-hint`} className="field-hint">
              {t('profile.avatar.hint')}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

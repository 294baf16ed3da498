import { useId } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { AvatarEditorState } from './useAvatarEditor';

/** The crop step: the round cropper, its zoom slider, cancel and save. */
export function AvatarCrop({ editor, titleId }: { editor: AvatarEditorState; titleId: string }) {
  const { t } = useTranslation();
  const zoomId = useId();
  const { source, crop, setCrop, zoom, setZoom, area, setArea, saving, close, save } = editor;
  if (!source) return null;
  return (
    <div className="avatar-crop">
      <h3 id={titleId}>{t('profile.avatar.cropTitle')}</h3>
      <p className="muted">{t('profile.avatar.cropHelp')}</p>
      <div className="avatar-crop-area">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="field avatar-zoom">
        <label htmlFor={zoomId}>{t('profile.avatar.zoom')}</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <div className="profile-actions">
        <button type="button" className="button" onClick={close} disabled={saving}>
          {t('profile.avatar.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={save} disabled={saving || !area}>
          {t(saving ? 'profile.avatar.saving' : 'profile.avatar.save')}
        </button>
      </div>
    </div>
  );
}

import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { Area, Point } from 'react-easy-crop';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { uploadAvatar } from '../api/account';
import type { PlayerResource } from '../../contract/players';
import { toastError } from './Toasts';

/** SPEC section 9: the avatar is a 300x300 PNG. */
export const AVATAR_SIZE = 300;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Draws the chosen square of the image onto a 300x300 canvas and exports it as PNG. */
export async function cropToPng(src: string, area: Area, size = AVATAR_SIZE): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'),
  );
}

/** The chosen image, its crop and the upload of the cropped square. */
export function useAvatarEditor(player: PlayerResource, onSaved: (player: PlayerResource) => void) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  const close = () => {
    setSource(null);
    setArea(null);
    if (input.current) input.current.value = '';
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t('errors.avatar-not-image'));
      event.target.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
    } catch {
      URL.revokeObjectURL(url);
      toast.error(t('profile.avatar.unreadable'));
      event.target.value = '';
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource(url);
  };

  const save = async () => {
    if (!source || !area) return;
    setSaving(true);
    try {
      const updated = await uploadAvatar(player, await cropToPng(source, area));
      onSaved(updated);
      toast.success(t('profile.avatar.saved'));
      close();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return { input, source, crop, setCrop, zoom, setZoom, area, setArea, saving, close, choose, save };
}

export type AvatarEditorState = ReturnType<typeof useAvatarEditor>;

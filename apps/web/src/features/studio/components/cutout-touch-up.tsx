import type { StoredImage } from '@chuhai/contract';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { saveTouchUp } from '../api/save-touch-up';
import { useCutoutMemory } from '../cutout-memory';
import { TouchUpEditor } from './touch-up-editor';

/**
 * 换背景's 修补: the brush on a result's cut-out. Saved, the corrected cut-out becomes the photo's
 * latest, so the preview shows it at once and the next 生成 starts from it. Free, as every 修补.
 */
export function CutoutTouchUp(props: {
  target: { photo: File; photoUrl: string; cutout: StoredImage } | null;
  onClose: () => void;
  /** The failure in the seller's words; null when it was shown already (the quota dialog). */
  explain: (failure: unknown) => string | null;
}) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const remember = useCutoutMemory((s) => s.remember);
  const { target } = props;

  const save = async (mask: Blob) => {
    if (!target) return;
    setSaving(true);
    try {
      const edited = await saveTouchUp(target.cutout.id, 'amazon', mask, false);
      if (edited.cutout) remember(target.photo, edited.cutout, true);
      props.onClose();
      message.success('已保存修补，预览已换成修补后的抠图；点「生成」用它出图');
    } catch (failure) {
      const text = props.explain(failure);
      if (text) message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修补抠图"
      open={target !== null}
      onCancel={() => !saving && props.onClose()}
      footer={null}
      width={960}
      destroyOnHidden
    >
      {target ? (
        <TouchUpEditor
          photoUrl={target.photoUrl}
          cutoutUrl={target.cutout.url}
          width={target.cutout.width}
          height={target.cutout.height}
          saving={saving}
          onSave={save}
          onCancel={props.onClose}
        />
      ) : null}
    </Modal>
  );
}

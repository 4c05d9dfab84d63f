import { DownloadOutlined } from '@ant-design/icons';
import type { RepairStroke, TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { fetchTranslationPsd, saveFile } from '../api/download-translation-psd';
import { translatedFileName } from '../download-name';

/**
 * 下载 PSD: the blocks as the editor holds them now (edits not yet drawn again included), as
 * editable text layers over the erased image (with the repairs, those not drawn yet too), the
 * original hidden under it.
 */
export function DownloadPsdButton(props: {
  result: TranslateResult;
  blocks: TranslatedBlock[];
  /** 修补画笔's strokes not drawn yet. */
  repair?: RepairStroke[];
  onError: (message: string | null) => void;
  /** The uploaded file's name: the PSD is named after it when known. */
  fileName?: string | null;
}) {
  const { result, blocks, onError } = props;
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    onError(null);
    try {
      const { sourceId, backgroundId, target } = result;
      const psd = await fetchTranslationPsd({
        backgroundId,
        target,
        blocks,
        ...(sourceId ? { sourceId } : {}),
        ...(props.repair?.length ? { repair: props.repair } : {}),
      });
      saveFile(psd.file, props.fileName ? translatedFileName(props.fileName, target, 'psd') : psd.fileName);
    } catch (failure) {
      onError((failure as { msg?: string }).msg || '下载 PSD 失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Tooltip title="分层文件：原图、去字底图和可编辑的文字图层，可在 Photoshop 里继续修改">
      <Button icon={<DownloadOutlined />} loading={loading} onClick={() => void download()}>
        下载 PSD
      </Button>
    </Tooltip>
  );
}

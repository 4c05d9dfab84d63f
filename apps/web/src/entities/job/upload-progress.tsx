import { Button, Progress } from 'antd';
import './job.css';

/**
 * 「正在上传 40%」 with a bar and 取消上传, while the files that start a job go up. `share` is 0 to 1.
 */
export function UploadProgress({ share, onCancel }: { share: number; onCancel: () => void }) {
  const percent = Math.round(share * 100);
  return (
    <div role="status" className="job-upload">
      正在上传 {percent}%
      <Progress percent={percent} size="small" showInfo={false} />
      <Button size="small" onClick={onCancel}>
        取消上传
      </Button>
    </div>
  );
}

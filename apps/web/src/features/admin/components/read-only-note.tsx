/**
 * Where 客服 sees a list an admin edits: the server refuses them every change (客服只读), so the
 * buttons are not offered and this says why they are missing rather than leaving a gap.
 */
export function ReadOnlyNote() {
  return <span className="muted">只有管理员可以修改</span>;
}

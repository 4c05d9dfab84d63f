import { PageFrame } from '../../components/ui/page-frame';
import { site } from '../../config/site';

export default function AboutScreen() {
  return (
    <PageFrame title="关于我们" lead="为什么做出海助手，以及我们如何对待你的数据。">
      <article className="prose">
        <h2>为什么做这个网站</h2>
        <p>
          一个中小卖家团队往往只有两三个人，却要同时面对多个平台、多个站点和多种语言。通用的 AI
          工具懂语言，却不懂亚马逊的主图规则、Shopee 的标题习惯或 TikTok Shop 的短视频节奏。
          {site.companyName}把这些行业经验做进了提示词、图片尺寸预设和合规检查里，让 AI 的输出拿来就能用。
        </p>
        <h2>我们怎样工作</h2>
        <ul>
          <li>每个功能都先在真实店铺的素材上验证，再向所有用户开放。</li>
          <li>抠图模型在我们自己的服务器上运行，你的产品图不会发送给第三方做训练。</li>
          <li>对话与绘画调用的 AI 服务商在页面上标明；服务不可用时会明确告诉你，而不是给出错误的结果。</li>
        </ul>
        <h2>一起把它做得更好</h2>
        <p>
          如果你希望增加某个平台的尺寸预设、某类提示词或某项检查规则，欢迎通过「联系我们」页面告诉我们。
          每一条反馈都会被认真阅读。
        </p>
      </article>
    </PageFrame>
  );
}

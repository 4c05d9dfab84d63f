import { Link } from 'react-router';
import { PageFrame } from '../../components/ui/page-frame';
import { paths } from '../../config/paths';
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
          <li>
            抠图、白底主图和换背景的合成在我们自己的服务器上运行，你上传的产品图不会发送给任何 AI 服务商。
          </li>
          <li>
            AI 问答和 Listing 工作台把你的问题或商品信息交给对话模型服务商，AI
            绘画把画面描述交给图片生成服务商，只发生成需要的内容，不发手机号等账号信息；详见
            <Link to={paths.privacy.getHref()}>《隐私政策》</Link>。
          </li>
          <li>服务不可用时页面会明确告诉你，不扣次数，而不是给出错误的结果。</li>
        </ul>
        <h2>一起把它做得更好</h2>
        <p>
          如果你希望增加某个平台的尺寸预设、某类提示词或某项检查规则，欢迎通过
          <Link to={paths.contact.getHref()}>「联系我们」</Link>
          页面告诉我们。每一条反馈都会被认真阅读。
        </p>
      </article>
    </PageFrame>
  );
}

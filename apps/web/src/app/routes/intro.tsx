import { PageFrame } from '../../components/ui/page-frame';
import { site } from '../../config/site';

export default function IntroScreen() {
  return (
    <PageFrame title="公司简介" lead={`${site.companyName}：帮助中国卖家把好产品卖向全球。`}>
      <article className="prose">
        <p>
          {site.companyName}
          是一支由跨境电商运营、设计师和工程师组成的团队。我们在亚马逊、Shopee、TikTok Shop
          和独立站上做过店铺，深知上新一款产品要写多少文案、修多少张图、查多少条平台规则。
        </p>
        <p>
          我们把这些重复劳动交给 AI：用大语言模型写 Listing
          标题、五点描述和客服回复，用图像生成模型画场景图，用在我们自己服务器上运行的抠图模型批量制作白底主图，并按平台规则自动检查。卖家可以把时间花在选品、供应链和品牌上。
        </p>
        <h2>我们提供</h2>
        <ul>
          <li>
            AI 问答：内置覆盖 Listing、关键词、翻译本地化、客服与评价回复、营销脚本、合规的卖家提示词库。
          </li>
          <li>
            Listing 写作：按亚马逊、Shopee、Lazada、TikTok Shop、美客多、Temu、eBay 各自的规则写并逐条检查。
          </li>
          <li>AI 绘画：一句话生成产品场景图、节日海报和社媒配图。</li>
          <li>智能做图：抠图、白底主图、主图合规检查与一键修复、换背景、图片翻译和批量处理。</li>
          <li>
            一键出海：一批商品一次发到多个平台的多个站点，按站点语言写
            Listing、做主图、翻译详情图，逐条检查能不能上架。
          </li>
          <li>跨境工具：国际专利与商标检索入口，上新前排查侵权风险。</li>
        </ul>
        <h2>我们的原则</h2>
        <ul>
          <li>结果可用：生成的文案与图片直接符合平台要求，而不是“看起来不错”。</li>
          <li>数据属于你：你上传的图片和对话只对你自己可见，可随时删除。</li>
          <li>价格透明：免费额度与会员权益公开标注，按天计费，无隐藏收费。</li>
        </ul>
      </article>
    </PageFrame>
  );
}

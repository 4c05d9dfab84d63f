import {
  AppstoreOutlined,
  BgColorsOutlined,
  ExportOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  MessageOutlined,
  PictureOutlined,
  ScissorOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { CROSS_BORDER_TOOLS, TRANSLATE_LANGUAGES } from '@chuhai/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AnnouncementCards } from '../../entities/announcements/announcement-bar';
import { freeDrawLine } from '../../entities/plans/free-trial';
import { useDailyLimits } from '../../entities/plans/get-limits';
import { PlansTeaser } from '../../features/order/components/plans-teaser';

interface Tool {
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
  /** Offered to free accounts to try, within a small daily quota: said on the card. */
  freeTrial?: boolean;
}

const TOOLS: Tool[] = [
  {
    title: 'AI 问答',
    description: '写 Listing 标题与五点描述、回复买家邮件和差评、翻译本地化，内置 30+ 卖家常用提示词。',
    to: paths.question.getHref(),
    icon: <MessageOutlined />,
  },
  {
    title: 'Listing 写作',
    description:
      '按亚马逊、Shopee、Lazada、TikTok Shop、美客多、Temu、eBay 各自的规则写标题、五点和描述，逐条检查字数与禁用词。',
    to: paths.listing.getHref(),
    icon: <FileTextOutlined />,
  },
  {
    title: '一键出海',
    description:
      '一批商品一次发到亚马逊、Shopee、Lazada、TikTok Shop、美客多等平台的多个站点：按站点语言写 Listing、做主图、翻译详情图，逐条检查能不能上架。',
    to: paths.localise.getHref(),
    icon: <GlobalOutlined />,
  },
  {
    title: 'AI 绘画',
    description: '输入一句话，生成产品场景图、节日海报和社媒配图，支持方图、竖图和横图。',
    to: paths.draw.getHref(),
    icon: <PictureOutlined />,
    freeTrial: true,
  },
  {
    title: '抠图 · 白底主图',
    description:
      '上传产品照片，一键抠出透明底 PNG，生成亚马逊、Shopee、Lazada、TikTok Shop、美客多尺寸的白底主图，逐条检查纯白背景、商品占比和尺寸，不合格一键修复。',
    to: paths.image.getHref(),
    icon: <ScissorOutlined />,
  },
  {
    title: '换背景',
    description: '把产品放进纯色、渐变、影棚、纹理与节日场景，自动加柔和投影，批量出图。',
    to: paths.background.getHref(),
    icon: <BgColorsOutlined />,
  },
  {
    title: '图片翻译',
    // Counted from what 图片翻译 offers: a written 「12 种」 stayed behind when Thai, Vietnamese and the rest came.
    description: `把 1688 供应商图上的中文卖点、角标和尺码表换成英、德、日、泰、越等 ${TRANSLATE_LANGUAGES.length} 种语言，排版不变，翻译后检查残留中文。`,
    to: paths.translate.getHref(),
    icon: <TranslationOutlined />,
  },
  {
    title: '批量处理',
    description: '拖入整个目录或 ZIP，一次做完抠图、各平台白底主图和换背景，附带逐张的合规报告。',
    to: paths.batch.getHref(),
    icon: <FolderOpenOutlined />,
  },
];

const PLATFORMS = ['Amazon', 'Shopee', 'Lazada', 'TikTok Shop', 'Mercado Libre', 'Temu', '独立站'];

/** The home screen: plain React and CSS, no antd, so a first visit stays light (app/antd-loader.ts). */
export default function HomeScreen() {
  return (
    <div className="home">
      <AnnouncementCards />
      <section className="home-hero">
        <h1 className="home-hero__title">跨境卖家的 AI 工具站</h1>
        <p className="home-hero__lead">写文案、做主图、换背景、查合规，一个网站搞定上新的每一步。</p>
        <div className="home-hero__actions">
          <Link to={paths.question.getHref()} className="btn btn--primary btn--large">
            开始 AI 问答
          </Link>
          <Link to={paths.image.getHref()} className="btn btn--large">
            制作白底主图
          </Link>
        </div>
        <div className="home-hero__platforms">
          {PLATFORMS.map((name) => (
            <span key={name} className="tag">
              {name}
            </span>
          ))}
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-tools">
        <h2 id="home-tools" className="home-section__title">
          常用工具
        </h2>
        <div className="tool-grid">
          {TOOLS.map((tool) => (
            <Link key={tool.title} to={tool.to} className="card card--hoverable tool-card">
              <div className="tool-card__icon">{tool.icon}</div>
              <h3 className="tool-card__title">{tool.title}</h3>
              <p className="tool-card__text">{tool.description}</p>
              {tool.freeTrial ? <FreeDrawLine /> : null}
            </Link>
          ))}
          <div className="card tool-card">
            <div className="tool-card__icon">
              <AppstoreOutlined />
            </div>
            <h3 className="tool-card__title">跨境工具</h3>
            <p className="tool-card__text">
              上新前先查侵权风险：WIPO 国际专利检索与全球品牌数据库，在新窗口打开。
            </p>
            <p className="tool-card__links">
              {CROSS_BORDER_TOOLS.map((tool) => (
                <a key={tool.key} href={tool.href} target="_blank" rel="noopener noreferrer">
                  {tool.label} <ExportOutlined />
                </a>
              ))}
            </p>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-plans">
        <h2 id="home-plans" className="home-section__title">
          VIP 套餐
        </h2>
        <FreeQuotaLine />
        <PlansTeaser />
      </section>
    </div>
  );
}

/** 「免费试用，每天 2 张」 under the AI 绘画 card. */
function FreeDrawLine() {
  return <p className="tool-card__quota">{freeDrawLine(useDailyLimits().data?.free.draw)}</p>;
}

/** Today's free uses as the server enforces them (operators change them in the console). */
function FreeQuotaLine() {
  const free = useDailyLimits().data?.free;
  const uses = free
    ? `免费用户每天可用 AI 问答 ${free.chat} 次、AI 绘画 ${free.draw} 张、抠图 ${free.cutout} 张、换背景 ${free.replace} 张`
    : '免费用户每天都能免费使用 AI 问答、AI 绘画、抠图和换背景';
  return <p className="home-section__lead">{uses}；开通 VIP 额度大幅提升。</p>;
}

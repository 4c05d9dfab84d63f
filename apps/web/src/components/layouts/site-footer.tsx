import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

/** The footer: product and company links, contact, follow-us QR code, copyright and filing number. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section>
          <h2 className="site-footer__heading">产品</h2>
          <Link to={paths.question.getHref()}>AI 问答</Link>
          <Link to={paths.listing.getHref()}>Listing 写作</Link>
          <Link to={paths.draw.getHref()}>AI 绘画</Link>
          <Link to={paths.image.getHref()}>抠图 · 白底主图</Link>
          <Link to={paths.background.getHref()}>换背景</Link>
          <Link to={paths.translate.getHref()}>图片翻译</Link>
          <Link to={paths.batch.getHref()}>批量处理</Link>
          <Link to={paths.localise.getHref()}>一键出海</Link>
        </section>
        <section>
          <h2 className="site-footer__heading">公司</h2>
          <Link to={paths.intro.getHref()}>公司简介</Link>
          <Link to={paths.about.getHref()}>关于我们</Link>
        </section>
        <section>
          <h2 className="site-footer__heading">联系我们</h2>
          <span>邮箱：{site.contactEmail}</span>
          <span>电话：{site.contactPhone}</span>
          <span>服务时间：{site.serviceHours}</span>
        </section>
        <section className="site-footer__follow">
          <h2 className="site-footer__heading">关注我们</h2>
          <img src="/follow-qr.svg" width={96} height={96} alt="关注出海助手的二维码" />
        </section>
      </div>
      <div className="site-footer__legal">
        <span>{site.copyright}</span>
        {site.icpNumber ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {site.icpNumber}
          </a>
        ) : null}
        <Link to={paths.terms.getHref()}>用户协议</Link>
        <Link to={paths.privacy.getHref()}>隐私政策</Link>
      </div>
    </footer>
  );
}

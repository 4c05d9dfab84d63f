import { BATCH_LIMITS, STUDIO_KEEP_DAYS } from '@chuhai/contract';
import { Button } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

const UPDATED_AT = '2026-11-25';

/** The privacy policy, outside the shared layout (spec section 2). */
export default function PrivacyScreen() {
  useEffect(() => {
    document.title = `${paths.privacy.title} · 出海助手`;
  }, []);
  return (
    <main className="standalone-page">
      <article className="prose prose--document">
        <h1>{site.companyName}隐私政策</h1>
        <p className="muted">更新日期：{UPDATED_AT}</p>
        <p>
          本政策说明{site.companyName}
          （以下简称“我们”）在你使用本网站时收集哪些个人信息、为什么收集、交给谁处理、保存多久，以及你如何查阅、更正和删除这些信息。使用规则见
          <Link to={paths.terms.getHref()}>《用户协议》</Link>。
        </p>

        <h2>一、我们收集的信息</h2>
        <ul>
          <li>账号信息：手机号（作为登录账号）、经过不可逆加密处理的密码、邀请码及邀请关系。</li>
          <li>短信验证码记录：发送时间与校验结果，验证码本身只以加密摘要保存。</li>
          <li>
            使用内容：你提交的问题与 AI 回答、保存的提示词、Listing 工作台填写的商品信息与写好的
            listing、上传的图片及生成的图片。
          </li>
          <li>订单信息：购买的套餐、金额、支付渠道与支付状态；我们不接触你的银行卡号或支付账户密码。</li>
          <li>安全日志：访问时间、IP 地址、浏览器类型与请求编号，用于防止滥用和排查故障。</li>
          <li>登录设备：每次登录的浏览器类型与 IP 地址，列在个人中心，方便你退出陌生设备。</li>
        </ul>

        <h2>二、我们为什么收集</h2>
        <ul>
          <li>提供服务：登录、保存对话与图片、计算每日额度、开通会员、发放邀请奖励。</li>
          <li>保障安全：识别验证码滥发、撞库登录等异常行为，保护你的账号。</li>
          <li>履行法律义务：依法保存交易记录，配合监管部门的合法要求。</li>
        </ul>
        <p>我们不会出售你的个人信息，也不会把你上传的图片或对话用于训练任何模型。</p>

        <h2>三、交给第三方处理的信息</h2>
        <p>
          有些功能要由外部服务商完成。我们只发送完成这项功能需要的内容，不发送你的手机号、密码等账号信息：
        </p>
        <ul>
          <li>
            对话模型服务商（AI 问答、Listing
            工作台）：你的问题、所选提示词，以及同一对话里最近几轮问答（作为上下文）；Listing
            工作台填写的商品信息和目标平台，一键修正时还有需要重写的文案。
          </li>
          <li>
            图片生成服务商（AI 绘画、换背景的「AI
            场景」）：你写的画面或场景描述和图片尺寸。你上传的产品图不会发给它。
          </li>
          <li>
            抠图、白底主图、主图检查、换背景的合成和批量处理都在我们自己的服务器上运行，你上传的图片不会发送给任何
            AI 服务商。
          </li>
          <li>短信服务商：你的手机号和验证码，只用于发送验证码短信。</li>
          <li>支付宝、微信支付：订单号、金额和套餐名称；付款在支付机构完成。</li>
        </ul>
        <p>
          对话模型和图片生成服务商由我们选定并按接口使用，它们按各自的条款处理收到的内容。生成的图片保存在我们的服务器或我们租用的云存储中，只有你本人能通过限时的签名链接访问。
        </p>

        <h2>四、保存期限</h2>
        <ul>
          <li>账号信息：保存至你注销账号。</li>
          <li>对话、提示词、listing 与 AI 绘画作品：保存至你删除或注销账号。</li>
          <li>
            智能做图：上传的原图处理完即丢弃，不保存；生成的抠图、主图与换背景结果保存 {STUDIO_KEEP_DAYS}{' '}
            天，到期自动删除，期间可在「最近作品」中下载或删除。
          </li>
          <li>
            批量处理：上传的原图处理完即删除；任务和结果保存 {BATCH_LIMITS.keepDays}{' '}
            天，到期连同文件一起删除。
          </li>
          <li>订单记录：依照《电子商务法》自交易完成之日起保存不少于三年。</li>
          <li>安全日志：保存 180 天。</li>
        </ul>

        <h2>五、你的权利</h2>
        <ul>
          <li>查阅与更正：在个人中心查看账号、会员、订单与用量信息。</li>
          <li>删除：在问答历史中删除单条或全部记录；删除图片后，文件会从存储中移除。</li>
          <li>
            获取副本：在个人中心「我的数据」点「导出我的数据」，下载我们保存的你的全部信息（JSON 文件）。
          </li>
          <li>
            注销账号：在个人中心「我的数据」点「注销账号」，用短信验证码确认后立即生效：问答、提示词、listing、作品与图片文件被删除，所有设备退出登录；依法须保存的订单记录保留，但不再关联你的手机号。也可以通过客服邮箱{' '}
            {site.contactEmail} 申请。
          </li>
        </ul>

        <h2>六、信息安全</h2>
        <p>
          全站使用 HTTPS
          传输；密码与验证码只保存加密摘要；登录凭证在服务器端只保存摘要并可随时撤销；你上传的文件只有你本人可以访问。
        </p>

        <h2>七、未成年人</h2>
        <p>本网站面向跨境电商经营者，不面向未满 18 周岁的未成年人提供服务。</p>

        <h2>八、联系我们</h2>
        <p>
          对本政策有任何疑问，请联系 {site.contactEmail} 或 {site.contactPhone}（{site.serviceHours}）。
        </p>
        <Link to={paths.home.getHref()}>
          <Button type="primary">返回首页</Button>
        </Link>
      </article>
    </main>
  );
}

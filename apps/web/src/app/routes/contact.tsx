import { ClockCircleOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { PageFrame } from '../../components/ui/page-frame';
import { site } from '../../config/site';

export default function ContactScreen() {
  const items = [
    {
      icon: <MailOutlined />,
      label: '客服邮箱',
      value: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>,
    },
    {
      icon: <PhoneOutlined />,
      label: '客服电话',
      value: <a href={`tel:${site.contactPhone}`}>{site.contactPhone}</a>,
    },
    { icon: <ClockCircleOutlined />, label: '服务时间', value: site.serviceHours },
    { icon: <EnvironmentOutlined />, label: '公司地址', value: site.contactAddress },
  ];
  return (
    <PageFrame title="联系我们" lead="使用中遇到问题、想开通团队账号或商务合作，都可以找我们。">
      <div className="contact-grid">
        {items.map((item) => (
          <Card key={item.label} className="contact-card">
            <div className="contact-card__icon">{item.icon}</div>
            <div className="contact-card__label">{item.label}</div>
            <div className="contact-card__value">{item.value}</div>
          </Card>
        ))}
      </div>
      <article className="prose">
        <h2>反馈问题时请附上</h2>
        <ul>
          <li>注册手机号的后四位（不要发送完整密码或验证码）；</li>
          <li>出问题的页面、时间，以及页面上显示的提示或“请求编号”；</li>
          <li>如与图片有关，请附上原图，方便我们复现。</li>
        </ul>
        <p>我们会在一个工作日内回复。关注页面底部的二维码，可以第一时间收到新功能和平台规则变更提醒。</p>
      </article>
    </PageFrame>
  );
}

import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * An honest placeholder for a screen whose feature has not shipped yet: it says what will be here
 * and offers a way back, instead of a form that does nothing.
 */
export function UnderConstruction({ feature, points }: { feature: string; points: readonly string[] }) {
  return (
    <Result
      icon={<ToolOutlined />}
      title={`${feature}正在建设中`}
      subTitle="我们正在打磨这个功能，上线后你可以在这里："
      extra={
        <Link to={paths.home.getHref()}>
          <Button type="primary">回到首页</Button>
        </Link>
      }
    >
      <ul className="coming-points">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </Result>
  );
}

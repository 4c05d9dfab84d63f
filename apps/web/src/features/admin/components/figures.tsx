import { Card, Col, Row, Statistic } from 'antd';
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A period's headline figures (概览, 成本), one small card each: two a row on a phone, four on a
 * tablet, and `xl` columns of 24 each on a wide screen.
 */
export function FigureCards(props: { figures: [string, string | number][]; xl?: number }) {
  return (
    <Row gutter={[12, 12]}>
      {props.figures.map(([title, value]) => (
        <Col key={title} xs={12} md={6} xl={props.xl}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A chart in a small card titled with what it counts, as wide as its column and `height` high. */
export function ChartCard(props: {
  title: string;
  height: number;
  className?: string;
  children: ReactElement;
}) {
  return (
    <Card size="small" title={props.title} className={props.className}>
      <ResponsiveContainer width="100%" height={props.height}>
        {props.children}
      </ResponsiveContainer>
    </Card>
  );
}

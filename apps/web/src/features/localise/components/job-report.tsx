import type { LocaliseTask } from '@chuhai/contract';
import { Collapse, Segmented, Table } from 'antd';
import { useState } from 'react';
import { verdictOf } from '../task-outcome';
import { languageName, RuleList, TaskLinks, TaskProblems, VerdictTag } from './task-parts';

/** A product as the report names it: its code (a catalogue's) and its name. */
function ProductName({ task }: { task: LocaliseTask }) {
  return (
    <span className="localise-product">
      {task.productCode ? <span className="localise-code">{task.productCode}</span> : null}
      <span>{task.productName}</span>
    </span>
  );
}

/**
 * 「Shopee · 台湾站 · 繁体中文」, breaking only between the site and its language: a narrow column
 * once cut 「繁体中文」 in two.
 */
function SiteName({ task }: { task: LocaliseTask }) {
  return (
    <div className="muted localise-site">
      <span>{task.siteName}</span> <span>· {languageName(task.language)}</span>
    </div>
  );
}

/** The listing's title (what the listing studio opens with) and every rule checked. */
function TaskDetails({ task }: { task: LocaliseTask }) {
  return (
    <div className="localise-details">
      {task.listing ? (
        <p>
          <span className="muted">标题：</span>
          {task.listing.title}
          {task.fixed ? <span className="muted">（已一键修正）</span> : null}
        </p>
      ) : null}
      <RuleList task={task} />
    </div>
  );
}

/** On a phone: one card per product × site, nothing to scroll sideways to. */
function TaskCard({ task, jobId }: { task: LocaliseTask; jobId: number }) {
  return (
    <li className="localise-card" aria-label={`${task.productName} · ${task.siteName}`}>
      <div className="localise-card__head">
        <ProductName task={task} />
        <VerdictTag task={task} />
      </div>
      <SiteName task={task} />
      <TaskProblems task={task} jobId={jobId} />
      <TaskLinks task={task} />
      {task.status === 'done' ? (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'rules',
              label: `全部规则（${task.rules.length} 条）`,
              children: <TaskDetails task={task} />,
            },
          ]}
        />
      ) : null}
    </li>
  );
}

/**
 * The report: product × site, 可以上架 or which 必须 rule fails and what to do, 术语表 misses, why a
 * failed one failed, and links to finish each by hand. A table on a wide screen, cards on a phone.
 */
export function JobReport(props: { jobId: number; tasks: LocaliseTask[]; phone: boolean }) {
  const [onlyTodo, setOnlyTodo] = useState(false);
  const todo = props.tasks.filter(needsAction);
  // Offered where there is a long report to look through and something in it to act on.
  const offer = props.tasks.length >= TODO_FILTER_FROM && todo.length > 0;
  const tasks = offer && onlyTodo ? todo : props.tasks;
  return (
    <>
      {offer ? (
        <Segmented<boolean>
          className="localise-report__filter"
          value={onlyTodo}
          onChange={setOnlyTodo}
          options={[
            { value: false, label: `全部 ${props.tasks.length}` },
            { value: true, label: `要处理 ${todo.length}` },
          ]}
        />
      ) : null}
      <ReportItems jobId={props.jobId} tasks={tasks} phone={props.phone} />
    </>
  );
}

/** A report this long (a catalogue to a few sites) offers to show only what needs the seller. */
const TODO_FILTER_FROM = 8;

/** 不能上架 or 失败: the seller has something to do before listing it. */
const needsAction = (task: LocaliseTask) => ['not-ready', 'failed'].includes(verdictOf(task));

function ReportItems({ jobId, tasks, phone }: { jobId: number; tasks: LocaliseTask[]; phone: boolean }) {
  if (phone)
    return (
      <ul className="plain-list localise-cards" aria-label="出海报告">
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} jobId={jobId} />
        ))}
      </ul>
    );
  return (
    <Table<LocaliseTask>
      aria-label="出海报告"
      className="localise-report"
      rowKey="id"
      size="small"
      // Fixed: the columns keep their widths and the problems take the rest, wrapping inside it.
      tableLayout="fixed"
      dataSource={tasks}
      pagination={tasks.length > 60 ? { pageSize: 60, showSizeChanger: false } : false}
      expandable={{
        expandedRowRender: (task) => <TaskDetails task={task} />,
        rowExpandable: (task) => task.status === 'done',
      }}
      columns={[
        {
          // Product and site in one column: the problems need the width more.
          title: '商品 · 站点',
          key: 'product',
          width: 200,
          render: (_, task) => (
            <>
              <ProductName task={task} />
              <SiteName task={task} />
            </>
          ),
        },
        { title: '结果', key: 'verdict', width: 96, render: (_, task) => <VerdictTag task={task} /> },
        {
          title: '要处理的问题',
          key: 'problems',
          render: (_, task) => <TaskProblems task={task} jobId={jobId} />,
        },
        { title: '打开', key: 'links', width: 130, render: (_, task) => <TaskLinks task={task} /> },
      ]}
    />
  );
}

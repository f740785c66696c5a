// The page of mauirun's HTML report (runtime/report/): draws the data inlined in
// <script id="report-data"> (docs/report.md) with Apache ECharts, inlined too. A file fetches
// nothing; the live page of serve --http asks its data.json again (at the end). When every
// chart has drawn, window.mauiReport.ready is true (the browser test waits for it; .draws counts
// the draws); mauiReport.ganttElements(side) counts the rectangles each Gantt chart drew.
(function () {
  'use strict';
  const root = document.getElementById('report');
  let drawn = [];  // the charts of the last draw
  let draws = 0;
  // The whole page from one data object: again for each new one of a live page.
  function draw(data) {
  drawn.forEach(function (c) { c.dispose(); });
  root.textContent = '';
  const sides = data.sides;
  const two = sides.length === 2;
  const KINDS = ['user', 'group', 'account', 'class', 'qos'];
  const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7',
    '#9c755f', '#bab0ac', '#1f77b4', '#aec7e8', '#ff7f0e', '#2ca02c', '#98df8a', '#d62728', '#9467bd',
    '#8c564b', '#e377c2', '#17becf'];
  const SIDE_COLORS = ['#4e79a7', '#e15759'];
  const SHADE_COLORS = ['rgba(78,121,167,0.22)', 'rgba(225,87,89,0.25)', 'rgba(120,120,120,0.28)'];
  const SHADE_NAMES = ['standing reservation', 'administrative reservation', 'job reservation (nodes held)'];

  const report = { ready: false, charts: {}, gantt: [], startedAt: performance.now(), draws: ++draws };
  window.mauiReport = report;
  report.ganttElements = function (side) {
    const g = report.gantt[side];
    return { blocks: g.blocksDrawn, shades: g.shadesDrawn };
  };

  // ------------------------------------------------------------------ helpers
  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children || []) e.appendChild(c);
    return e;
  }
  function clock(seconds) {
    const s = Math.round(Math.abs(seconds));
    const text = Math.floor(s / 3600) + ':' + String(Math.floor(s / 60) % 60).padStart(2, '0') + ':' +
      String(s % 60).padStart(2, '0');
    return (seconds < 0 ? '-' : '') + text;
  }
  // A trace time as the site's local date and time; a trace with no start time as day + clock.
  function when(t) {
    if (!data.origin) return 'day ' + Math.floor(t / 86400) + ' ' + clock(t % 86400).slice(0, -3);
    const d = new Date((data.origin + data.utc_offset + t) * 1000);
    return d.toISOString().slice(0, 16).replace('T', ' ');
  }
  function percent(a, b) {
    if (a === b) return '0 %';
    if (a === 0) return 'new';
    return (b > a ? '+' : '') + Math.round((b - a) / Math.abs(a) * 100) + ' %';
  }
  const charts = [];
  drawn = charts;
  let pending = 0;
  function chart(container, option, height) {
    const div = el('div', { class: 'chart' });
    if (height) div.style.height = height + 'px';
    container.appendChild(div);
    const c = echarts.init(div, null, { renderer: 'canvas' });
    charts.push(c);
    pending++;
    let done = false;
    c.on('finished', function () {
      if (done) return;
      done = true;
      if (--pending === 0) {
        report.drawnAt = performance.now();  // ms since the page began to load
        report.ready = true;
        document.body.setAttribute('data-ready', '1');
      }
    });
    c.setOption(Object.assign({ animation: false }, option));
    return c;
  }
  function section(title, note) {
    const s = el('section', {}, [el('h2', { text: title })]);
    if (note) s.appendChild(el('p', { class: 'note', text: note }));
    root.appendChild(s);
    return s;
  }
  function sideBlocks(parent) {  // one column per side
    const row = el('div', { class: 'row' });
    parent.appendChild(row);
    return sides.map(function (s) {
      const col = el('div', {}, [el('div', { class: 'side-title', text: s.label })]);
      row.appendChild(col);
      return col;
    });
  }
  const timeAxis = {
    type: 'value', scale: true,
    axisLabel: { formatter: function (v) { return when(v).replace(' ', '\n'); }, hideOverlap: true },
  };

  // ------------------------------------------------------------------ summary
  root.appendChild(el('h1', { text: 'mauirun report: ' + data.title }));
  root.appendChild(el('p', { class: 'note', text: 'Trace ' + data.trace + (data.origin ?
    '; times are the local time of the trace (UTC' + (data.utc_offset >= 0 ? '+' : '-') +
    clock(Math.abs(data.utc_offset)).slice(0, -3) + ')' : '; times from the first submission') }));
  (function summary() {
    const rows = [
      ['jobs', function (m) { return m.jobs; }],
      ['started', function (m) { return m.started; }],
      ['never started', function (m) { return m.never_started; }],
      ['utilization', function (m) { return (m.utilization * 100).toFixed(2) + ' %'; }, function (m) { return m.utilization * 100; }],
      ['average wait', function (m) { return clock(m.average_wait); }, function (m) { return m.average_wait; }],
      ['95th percentile wait', function (m) { return clock(m.p95_wait); }, function (m) { return m.p95_wait; }],
      ['maximum wait', function (m) { return clock(m.max_wait); }, function (m) { return m.max_wait; }],
      ['average bounded slowdown', function (m) { return m.average_bounded_slowdown.toFixed(2); },
        function (m) { return m.average_bounded_slowdown; }],
      ['makespan', function (m) { return clock(m.makespan); }, function (m) { return m.makespan; }],
      ['started by backfill', function (m) { return m.backfilled; }, function (m) { return m.backfilled; }],
    ];
    const head = el('tr', {}, [el('th', { text: '' })].concat(sides.map(function (s) { return el('th', { text: s.label }); })));
    if (two) head.appendChild(el('th', { text: 'change' }));
    const table = el('table', { class: 'metrics' }, [head]);
    for (const [label, show, value] of rows) {
      const tr = el('tr', {}, [el('td', { text: label })].concat(sides.map(function (s) { return el('td', { text: String(show(s.metrics)) }); })));
      if (two) tr.appendChild(el('td', { text: value ? percent(value(sides[0].metrics), value(sides[1].metrics)) : '' }));
      table.appendChild(tr);
    }
    root.appendChild(table);
    const warnings = [];
    sides.forEach(function (s) { s.warnings.forEach(function (w) { warnings.push((two ? s.label + ': ' : '') + w); }); });
    if (warnings.length) root.appendChild(el('ul', { class: 'warnings' }, warnings.map(function (w) { return el('li', { text: w }); })));
  })();

  // ------------------------------------------------------------------ Gantt
  const gantt = section('Jobs on the nodes over time',
    'One rectangle per run of a job on a contiguous range of nodes; reservations shaded behind: ' +
    'standing and administrative reservations over their time, a job reservation from the first ' +
    'iteration that held it to the start it planned. Scroll or drag to zoom and pan.');
  const colorSelect = el('select', { id: 'gantt-color' }, KINDS.map(function (k) { return el('option', { value: k, text: k }); }));
  const legend = el('span', {});
  SHADE_COLORS.forEach(function (c, i) {
    const sw = el('span', { class: 'legend-swatch' });
    sw.style.background = c;
    legend.appendChild(sw);
    legend.appendChild(document.createTextNode(SHADE_NAMES[i]));
  });
  gantt.appendChild(el('div', { class: 'controls' }, [el('label', { text: 'colour jobs by ' }, [colorSelect]), legend]));

  // The Gantt's rectangles are painted on a canvas of their own, which ECharts places in the
  // plot as one image (a custom series of one item) and paints again on every zoom: tens of
  // thousands of jobs then cost one fillRect each, not one chart element each (1.6 s for the
  // KTH trace as elements). Axes, zoom and panning stay ECharts'; the tooltip finds the
  // rectangle under the pointer.
  function ganttOption(s, g, colorBy) {
    const b = s.blocks, r = s.shades, j = s.jobs;
    const credential = j[colorBy];
    let first = Infinity, last = -Infinity;
    for (let i = 0; i < j.submit.length; i++) {
      first = Math.min(first, j.submit[i]);
      last = Math.max(last, j.end[i] >= 0 ? j.end[i] : j.submit[i]);
    }
    for (let i = 0; i < r.end.length; i++) last = Math.max(last, r.end[i]);
    if (!isFinite(first)) first = 0, last = 1;
    g.blocksDrawn = 0;
    g.shadesDrawn = 0;
    // Paints every rectangle that shows in the plot's current window; counts them.
    function paint(params, api) {
      const cs = params.coordSys;
      const origin = api.coord([0, 0]);
      const unit = api.coord([1e6, 1]);
      const kx = (unit[0] - origin[0]) / 1e6, ky = unit[1] - origin[1];
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.ceil(cs.width * ratio));
      canvas.height = Math.max(1, Math.ceil(cs.height * ratio));
      const ctx = canvas.getContext('2d');
      ctx.scale(ratio, ratio);
      ctx.translate(-cs.x, -cs.y);
      // One path per colour: a fill per colour, not per rectangle.
      function rectangles(starts, ends, nodes, counts, colour) {
        const paths = new Map();
        let drawn = 0;
        for (let i = 0; i < starts.length; i++) {
          const x0 = origin[0] + starts[i] * kx, x1 = origin[0] + ends[i] * kx;
          const y0 = origin[1] + nodes[i] * ky, y1 = origin[1] + (nodes[i] + counts[i]) * ky;
          const top = Math.min(y0, y1), bottom = Math.max(y0, y1);
          if (x1 < cs.x || x0 > cs.x + cs.width || bottom < cs.y || top > cs.y + cs.height) continue;
          const fill = colour(i);
          let path = paths.get(fill);
          if (!path) paths.set(fill, path = new Path2D());
          path.rect(x0, top, Math.max(x1 - x0, 0.6), bottom - top);
          drawn++;
        }
        paths.forEach(function (path, fill) { ctx.fillStyle = fill; ctx.fill(path); });
        return drawn;
      }
      g.shadesDrawn = rectangles(r.start, r.end, r.node, r.nodes, function (i) { return SHADE_COLORS[r.kind[i]]; });
      g.blocksDrawn = rectangles(b.start, b.end, b.node, b.nodes,
        function (i) { return PALETTE[credential[b.job[i]] % PALETTE.length]; });
      return { type: 'image', silent: true, style: { image: canvas, x: cs.x, y: cs.y, width: cs.width, height: cs.height } };
    }
    return {
      grid: { left: 80, right: 30, top: 10, bottom: 70 },
      xAxis: Object.assign({}, timeAxis, { min: first, max: last, scale: false }),
      yAxis: {
        type: 'value', min: 0, max: s.nodes.length, inverse: true, minInterval: 1,
        axisLabel: { formatter: function (v) { return v < s.nodes.length && v === Math.floor(v) ? s.nodes[v] : ''; } },
      },
      dataZoom: [
        { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
        { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 8, height: 18, labelFormatter: function (v) { return when(v); } },
        { type: 'inside', yAxisIndex: 0, filterMode: 'none', zoomOnMouseWheel: 'shift', moveOnMouseWheel: false },
      ],
      series: [{ id: 'gantt', type: 'custom', data: [[first, 0]], clip: true, renderItem: paint }],
    };
  }
  // What the pointer is over: the job run (else the reservation) at that time on that node.
  function ganttTip(s, chart, tip, event) {
    const at = chart.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]);
    const inside = chart.containPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]);
    tip.style.display = 'none';
    if (!inside || !at) return;
    const t = at[0], node = at[1];
    const b = s.blocks, r = s.shades, j = s.jobs;
    const name = function (kind, k) { return s.names[kind][j[kind][k]] || '(none)'; };
    let text = null;
    for (let i = 0; i < b.job.length && text === null; i++) {
      if (b.start[i] <= t && t < Math.max(b.end[i], b.start[i] + 1) && b.node[i] <= node && node < b.node[i] + b.nodes[i]) {
        const k = b.job[i];
        text = 'job ' + j.id[k] + ' (' + j.procs[k] + ' procs)\nuser ' + name('user', k) + ', group ' + name('group', k) +
          ', account ' + name('account', k) + '\nclass ' + name('class', k) + ', QOS ' + name('qos', k) +
          '\nsubmitted ' + when(j.submit[k]) + '\nran ' + when(b.start[i]) + ' – ' + when(b.end[i]) +
          '\nwaited ' + clock(j.start[k] - j.submit[k]) + (j.backfilled[k] ? ' (backfilled)' : '');
      }
    }
    for (let i = 0; i < r.kind.length && text === null; i++)
      if (r.start[i] <= t && t < r.end[i] && r.node[i] <= node && node < r.node[i] + r.nodes[i])
        text = SHADE_NAMES[r.kind[i]] + ' ' + r.name[i] + '\n' + when(r.start[i]) + ' – ' + when(r.end[i]);
    if (text === null) return;
    tip.textContent = text;
    tip.style.display = 'block';
    tip.style.left = (event.offsetX + 14) + 'px';
    tip.style.top = (event.offsetY + 14) + 'px';
  }
  const ganttCharts = sideBlocks(gantt).map(function (col, k) {
    report.gantt[k] = { blocksDrawn: 0, shadesDrawn: 0 };
    const c = chart(col, ganttOption(sides[k], report.gantt[k], 'user'), two ? 380 : 460);
    const tip = el('div', { class: 'gantt-tip' });
    c.getDom().appendChild(tip);
    c.getZr().on('mousemove', function (e) { ganttTip(sides[k], c, tip, e); });
    c.getZr().on('globalout', function () { tip.style.display = 'none'; });
    report.charts['gantt' + k] = c;
    return c;
  });
  colorSelect.addEventListener('change', function () {
    ganttCharts.forEach(function (c, k) { c.setOption(ganttOption(sides[k], report.gantt[k], colorSelect.value), { replaceMerge: ['series'] }); });
  });
  if (two) echarts.connect(ganttCharts);

  // ------------------------------------------------------------------ utilization and queue
  const load = section('Utilization and queue length over time',
    'Busy procs over all procs, and jobs waiting, each averaged over ' + clock(sides[0].utilization.step) +
    (two ? '; both policies on the same axes.' : '.'));
  function points(series) {
    const out = new Array(series.values.length);
    for (let i = 0; i < out.length; i++) out[i] = [series.start + i * series.step, series.values[i]];
    return out;
  }
  report.charts.load = chart(load, {
    legend: { top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'line' }, valueFormatter: function (v) { return typeof v === 'number' ? v.toFixed(2) : v; } },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: [{ left: 70, right: 30, top: 30, height: 150 }, { left: 70, right: 30, top: 230, height: 150 }],
    xAxis: [Object.assign({ gridIndex: 0 }, timeAxis), Object.assign({ gridIndex: 1 }, timeAxis)],
    yAxis: [
      { gridIndex: 0, type: 'value', name: 'utilization %', min: 0, max: 100 },
      { gridIndex: 1, type: 'value', name: 'jobs waiting', min: 0 },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1] }, { type: 'slider', xAxisIndex: [0, 1], bottom: 4, height: 18, labelFormatter: function (v) { return when(v); } }],
    series: sides.flatMap(function (s, k) {
      return [
        { name: s.label, type: 'line', step: 'start', showSymbol: false, sampling: 'lttb', xAxisIndex: 0, yAxisIndex: 0, color: SIDE_COLORS[k],
          data: points(s.utilization).map(function (p) { return [p[0], p[1] * 100]; }) },
        { name: s.label, type: 'line', step: 'start', showSymbol: false, sampling: 'lttb', xAxisIndex: 1, yAxisIndex: 1, color: SIDE_COLORS[k],
          data: points(s.queue) },
      ];
    }),
  }, 440);

  // ------------------------------------------------------------------ distributions
  const dist = section('Wait and bounded slowdown per credential',
    'Boxes from the 25th to the 75th percentile with the median; whiskers at the 5th and 95th percentiles ' +
    '(the credentials with the most jobs).');
  const kindSelect = el('select', { id: 'distribution-kind' }, KINDS.map(function (k) { return el('option', { value: k, text: k }); }));
  dist.appendChild(el('div', { class: 'controls' }, [el('label', { text: 'per ' }, [kindSelect])]));
  const distRow = el('div', { class: 'row' });
  dist.appendChild(distRow);
  function distributionOption(kind, field, title, scale) {
    const names = [];
    sides.forEach(function (s) { s.distributions.forEach(function (d) { if (d.kind === kind && names.indexOf(d.name) < 0) names.push(d.name); }); });
    return {
      title: { text: title, left: 'center', textStyle: { fontSize: 13 } },
      legend: { top: 22 },
      tooltip: { trigger: 'item' },
      grid: { left: 60, right: 20, top: 55, bottom: 60 },
      xAxis: { type: 'category', data: names.map(function (n) { return n || '(none)'; }), axisLabel: { rotate: 30 } },
      yAxis: { type: 'value', name: field === 'wait' ? 'hours' : '' },
      series: sides.map(function (s, k) {
        return {
          name: s.label, type: 'boxplot', color: SIDE_COLORS[k],
          data: names.map(function (n) {
            const d = s.distributions.find(function (x) { return x.kind === kind && x.name === n; });
            return d ? d[field].map(function (v) { return v * scale; }) : [];
          }),
        };
      }),
    };
  }
  const waitDiv = el('div', {}), slowDiv = el('div', {});
  distRow.appendChild(waitDiv);
  distRow.appendChild(slowDiv);
  report.charts.wait = chart(waitDiv, distributionOption('user', 'wait', 'wait (hours)', 1 / 3600));
  report.charts.slowdown = chart(slowDiv, distributionOption('user', 'slowdown', 'bounded slowdown', 1));
  kindSelect.addEventListener('change', function () {
    report.charts.wait.setOption(distributionOption(kindSelect.value, 'wait', 'wait (hours)', 1 / 3600), { replaceMerge: ['series', 'xAxis'] });
    report.charts.slowdown.setOption(distributionOption(kindSelect.value, 'slowdown', 'bounded slowdown', 1), { replaceMerge: ['series', 'xAxis'] });
  });

  // ------------------------------------------------------------------ fairshare
  const fs = section('Fairshare usage against target over time',
    'Each credential with a fairshare target (FSTARGET): its share of the decayed usage, and its target dashed.');
  sideBlocks(fs).forEach(function (col, k) {
    const s = sides[k];
    if (!s.fairshare.lines.length) {
      col.appendChild(el('p', { class: 'note', text: 'No credential of this policy has a fairshare target.' }));
      return;
    }
    // The twelve credentials with the most usage on average (the others are in the data).
    function mean(l) { let sum = 0; l.usage.forEach(function (u) { if (u > 0) sum += u; }); return sum / Math.max(l.usage.length, 1); }
    const lines = s.fairshare.lines.slice().sort(function (a, b) { return mean(b) - mean(a); }).slice(0, 12);
    report.charts['fairshare' + k] = chart(col, {
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: function (v) { return typeof v === 'number' ? v.toFixed(2) + ' %' : v; } },
      grid: { left: 50, right: 20, top: 40, bottom: 50 },
      xAxis: timeAxis,
      yAxis: { type: 'value', name: '% of usage', min: 0 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 4, height: 16, labelFormatter: function (v) { return when(v); } }],
      series: lines.map(function (l, i) {
        return {
          name: l.credential, type: 'line', showSymbol: false, color: PALETTE[i % PALETTE.length],
          data: s.fairshare.times.map(function (t, n) { return [t, l.usage[n] < 0 ? null : l.usage[n]]; }),
          markLine: l.target === null ? undefined : {
            symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: PALETTE[i % PALETTE.length] },
            label: { formatter: l.mode + ' ' + l.target + ' %', position: 'insideEndTop' }, data: [{ yAxis: l.target }],
          },
        };
      }),
    });
  });

  // ------------------------------------------------------------------ priorities
  const prio = section('Priority components of the queued jobs at a chosen time',
    'The highest-priority waiting jobs at one of the sampled times, each priority split into its components ' +
    '(contributions after weights).');
  const samples = sides[0].priorities;
  const timeSelect = el('select', { id: 'priority-time' }, samples.map(function (p, i) {
    return el('option', { value: String(i), text: when(p.at) + ' (' + p.queued + ' waiting)' });
  }));
  if (samples.length) timeSelect.value = String(Math.floor(samples.length / 2));
  prio.appendChild(el('div', { class: 'controls' }, [el('label', { text: 'time ' }, [timeSelect])]));
  function priorityOption(s, index) {
    // The sample of this side nearest to the chosen time (both sides sample alike, not always at the same instants).
    const at = samples.length ? samples[index].at : 0;
    let p = null;
    s.priorities.forEach(function (x) { if (!p || Math.abs(x.at - at) < Math.abs(p.at - at)) p = x; });
    const jobs = p ? p.jobs.slice().reverse() : [];
    return {
      title: { text: p ? when(p.at) + ': ' + p.queued + ' jobs waiting' : 'no job waited', left: 'center', textStyle: { fontSize: 13 } },
      legend: { top: 22 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 110, right: 20, top: 55, bottom: 30 },
      xAxis: { type: 'value', name: 'priority' },
      yAxis: { type: 'category', data: jobs.map(function (r) { return 'job ' + r.id + ' (' + r.user + ')'; }) },
      series: data.components.map(function (c, i) {
        return { name: c, type: 'bar', stack: 'priority', color: PALETTE[i], data: jobs.map(function (r) { return r.components[i]; }) };
      }),
    };
  }
  const prioCharts = sideBlocks(prio).map(function (col, k) {
    const c = chart(col, priorityOption(sides[k], Number(timeSelect.value || 0)), 420);
    report.charts['priorities' + k] = c;
    return c;
  });
  timeSelect.addEventListener('change', function () {
    prioCharts.forEach(function (c, k) { c.setOption(priorityOption(sides[k], Number(timeSelect.value)), { replaceMerge: ['series', 'yAxis'] }); });
  });

  // ------------------------------------------------------------------ coverage
  const cov = section('Standing-reservation coverage over the week',
    'How many nodes each credential\'s jobs can reach at each hour of the week (mauic check\'s sr-coverage table).');
  const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const hours = [];
  for (let h = 0; h < 168; h++) hours.push(DAYS[Math.floor(h / 24)] + ' ' + String(h % 24).padStart(2, '0') + ':00');
  sideBlocks(cov).forEach(function (col, k) {
    const s = sides[k];
    if (!s.coverage.length) {
      col.appendChild(el('p', { class: 'note', text: s.coverage_note }));
      return;
    }
    const cells = [];
    let max = 1;
    s.coverage.forEach(function (row, y) {
      row.nodes.forEach(function (n, x) { cells.push([x, y, n]); max = Math.max(max, n); });
    });
    report.charts['coverage' + k] = chart(col, {
      tooltip: { formatter: function (p) { return s.coverage[p.value[1]].credential + ', ' + hours[p.value[0]] + ': ' + p.value[2] + ' nodes<br>' + s.coverage[p.value[1]].text; } },
      grid: { left: 140, right: 20, top: 10, bottom: 80 },
      xAxis: { type: 'category', data: hours, axisLabel: { interval: 23 }, splitArea: { show: false } },
      yAxis: { type: 'category', data: s.coverage.map(function (r) { return r.credential; }) },
      visualMap: { min: 0, max: max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 120 },
      series: [{ type: 'heatmap', data: cells }],
    }, Math.max(200, 60 + 22 * s.coverage.length + 80));
  });

  root.appendChild(el('p', { class: 'note', text: 'Drawn with Apache ECharts ' + echarts.version +
    ' (inlined; this file needs no network).' }));
  report.optionsSetAt = performance.now();
  }

  const embedded = document.getElementById('report-data').textContent;
  const first = JSON.parse(embedded);
  draw(first);
  window.addEventListener('resize', function () { drawn.forEach(function (c) { c.resize(); }); });
  // A live page (mauirun serve --http: data.refresh > 0) asks for data.json every `refresh`
  // seconds and draws the page again when it changed, where the reader had scrolled to; a file
  // is drawn once and fetches nothing. A failed request (serve restarting) waits for the next.
  if (first.refresh > 0 && location.protocol.startsWith('http')) {
    let last = embedded;
    setInterval(function () {
      fetch('data.json', { cache: 'no-store' })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) {
          if (!text || text === last) return;
          last = text;
          const y = window.scrollY;
          draw(JSON.parse(text));
          window.scrollTo(0, y);
        })
        .catch(function () {});
    }, first.refresh * 1000);
  }
})();

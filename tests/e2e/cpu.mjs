// CPU seconds of the browser this run started: every live process under
// this node process (Chromium's browser, GPU and renderer processes; Firefox
// and Xvfb), with the CPU of the children each has already reaped. The
// browsers' work is most of the browser stage's CPU, and `times` in
// scripts/test cannot see it (a closed renderer's parent reaps it, not us).
// Linux only; elsewhere it reads 0.
import fs from 'node:fs';

const TICKS = 100;  // USER_HZ: /proc's clock ticks per second on Linux

function stat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's ")" (the command may hold spaces): state is 3, ppid 4,
    // utime 14, stime 15, cutime 16, cstime 17.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null;  // gone meanwhile, or not Linux
  }
}

export function browserCpuSeconds(root = process.pid) {
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return 0;
  }
  const children = new Map();
  const stats = new Map();
  for (const pid of pids) {
    const s = stat(pid);
    if (!s) continue;
    stats.set(pid, s);
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(pid);
  }
  let ticks = 0;
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      ticks += stats.get(child).ticks;
      walk(child);
    }
  };
  walk(root);
  return ticks / TICKS;
}

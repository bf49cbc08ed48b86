/**
 * Development: the API server (restarted on change by tsx watch) and Vite's dev server with its proxy to it.
 * Both stop together.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

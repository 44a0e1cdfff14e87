import { measureJavaScript, runLighthouse } from './frontend.js';
const url = 'http://127.0.0.1:3917';
console.table(await measureJavaScript(url));
console.table(await runLighthouse(url));

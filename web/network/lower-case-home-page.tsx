import { LowerCaseHome } from './home-page.js';

export default LowerCaseHome;

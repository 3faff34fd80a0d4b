// The header of the game and replay pages: who is signed in, linking to their profile.
import { showHeaderAccount } from './account.js';

showHeaderAccount();

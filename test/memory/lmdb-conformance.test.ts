import { MemoryStore } from '../../memory/store.js';
import { storeConformance } from './store-conformance.js';

storeConformance('LMDB', (dir) => new MemoryStore({ dir }));

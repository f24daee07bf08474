/** The part of `@cycjimmy/jsmpeg-player` the dashboard uses (the package ships no types). */
declare module '@cycjimmy/jsmpeg-player' {
  /** Options of the streaming player. */
  export interface PlayerOptions {
    canvas: HTMLCanvasElement;
    audio?: boolean;
    disableGl?: boolean;
    pauseWhenHidden?: boolean;
    videoBufferSize?: number;
    onVideoDecode?: () => void;
    onSourceEstablished?: () => void;
  }
  /** Plays an MPEG-1 in MPEG-TS stream from a WebSocket URL. */
  export class Player {
    constructor(url: string, options: PlayerOptions);
    destroy(): void;
  }
  const JSMpeg: { Player: typeof Player };
  export default JSMpeg;
}

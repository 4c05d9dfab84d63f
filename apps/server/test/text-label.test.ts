/**
 * The label under a line of text (imaging/text/label.ts), read on an erased picture: found for a
 * pill, a tag on a gradient; none on an open page or a photo, where the room stays as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beforeSideEdges, clippedTo, labelAround } from '../src/imaging/text/label.ts';
import { layoutOf } from '../src/imaging/text/layout.ts';
import { HEIGHT_SLACK } from '../src/imaging/text/render.ts';

/** A picture of `width` × `height`, each pixel's colour from `paint(x, y)`. */
function picture(width: number, height: number, paint: (x: number, y: number) => number[]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
  return { data, width, height };
}

const inPill = (x: number, y: number) => {
  // A pill 400 × 80 at (100, 200) with round ends.
  const r = 40;
  const cx = Math.min(Math.max(x, 100 + r), 500 - r);
  return Math.hypot(x - cx, y - 240) <= r;
};

describe('the label under a line', () => {
  it('finds a pill on a gradient and keeps its round ends clear', () => {
    const image = picture(600, 500, (x, y) =>
      inPill(x, y) ? [240 - Math.round((x - 100) * 0.3), 40, 220] : [255, 255, 255],
    );
    const label = labelAround(image, { x: 180, y: 215, width: 160, height: 50 });
    assert.ok(label, 'a pill is a label');
    assert.ok(label.x >= 100 + 20 && label.x + label.width <= 500 - 20, JSON.stringify(label));
    assert.ok(label.y >= 200 && label.y + label.height <= 280, JSON.stringify(label));
    assert.ok(label.width > 300, 'the pill’s width is the room, not the text’s');
  });

  it('finds none on an open page or on a photo', () => {
    const page = picture(600, 500, () => [250, 250, 250]);
    assert.equal(labelAround(page, { x: 180, y: 215, width: 160, height: 50 }), null);
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 60;
    };
    const photo = picture(600, 500, (x, y) => [90 + noise(), 120 + ((x + y) % 40), 80 + noise()]);
    assert.equal(labelAround(photo, { x: 180, y: 215, width: 160, height: 50 }), null);
  });

  it('cuts a room to a panel, never below the text’s own box', () => {
    const box = { x: 100, y: 100, width: 200, height: 40 };
    const room = { x: 60, y: 100, width: 400, height: 120 };
    assert.deepEqual(clippedTo(room, { x: 80, y: 90, width: 300, height: 80 }, box), {
      x: 80,
      y: 100,
      width: 300,
      height: 70,
    });
    assert.deepEqual(clippedTo(room, { x: 150, y: 110, width: 50, height: 10 }, box), box);
  });

  it('ends a line’s room above the next line, also where their boxes overlap, and inside the picture', () => {
    // A shop sign (chineseocr_lite's lite-3): the name's 3D letters give a box 12–231 px, the line
    // under it starts at 191, the picture ends at 308. Grown down to the picture's edge, the name's
    // translation took two lines 343 px tall, over the second line and off the picture.
    const sign = picture(730, 308, () => [40, 140, 220]);
    const name = { id: 1, box: { x: 110, y: 12, width: 532, height: 219 }, align: 'center' as const };
    const second = { id: 2, box: { x: 198, y: 191, width: 396, height: 117 }, align: 'center' as const };
    const upper = layoutOf(sign, name, [name, second]);
    assert.ok(upper.room.y + upper.room.height <= second.box.y, JSON.stringify(upper));
    assert.ok(
      upper.box.y + upper.box.height <= second.box.y,
      'centred on the part of its box above the next line',
    );
    const lower = layoutOf(sign, second, [name, second]);
    assert.ok(lower.room.y + lower.room.height * HEIGHT_SLACK <= 308, JSON.stringify(lower));
  });

  it('stops a line’s room at the side of the card it was printed on, not on a photo', () => {
    // A cream scroll 280 px wide on a patterned wall (chineseocr_lite's lite-4): the heading near
    // its right side grew past the scroll onto the wall. The room stops a little inside the edge.
    let seed = 11;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 50;
    };
    const scroll = picture(600, 400, (x) =>
      x >= 100 && x < 380 ? [250, 246, 228] : [200 + noise(), 160, 100],
    );
    const heading = { x: 270, y: 80, width: 70, height: 60 };
    const room = { x: 240, y: 80, width: 160, height: 120 };
    const stopped = beforeSideEdges(scroll, heading, room);
    assert.ok(stopped.x + stopped.width <= 380, JSON.stringify(stopped));
    // It keeps 15% of the line's thickness (9 px) off the edge, and no more.
    assert.ok(stopped.x + stopped.width >= 380 - 12, 'up to the edge, not back to the text');
    assert.equal(stopped.x, room.x, 'the left side had no edge within the room');
    // The same line over a photo: no smooth colour to the edge, the room is unchanged.
    const photo = picture(600, 400, (x, y) => [90 + noise(), 120 + ((x + y) % 40), 80 + noise()]);
    assert.deepEqual(beforeSideEdges(photo, heading, room), room);
    // Never narrower than the text's own box, even when the edge is right beside it.
    const tight = beforeSideEdges(scroll, { x: 300, y: 80, width: 78, height: 60 }, room);
    assert.ok(tight.x + tight.width >= 378, JSON.stringify(tight));
  });
});

// SPDX-License-Identifier: MIT
// The 3D view of a tiling on the cube lattice, drawn by three.js (npm's
// `three`, copied beside the page by the build: the import map in
// index.html names it). Each placed piece is one solid of its unit cubes'
// outer faces, with its outline; the mouse turns (left), pans (right) and
// zooms (wheel) the view. A disassembly plays as offsets per piece: step k
// shows the pieces after the plan's first k moves, a step slides there.
// The page imports this module only when it first shows a cube tiling.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// A cell (row, column, layer) in the scene: columns run right, rows down,
// layers back (away from the viewer), as the library's move lines say
// ("right", "down", "back").
const toScene = ([row, column, layer]) => [column, -row, -layer];

// Whether the corners a, b, c (of a face's four) run counter-clockwise seen
// from the side `normal` points to, as three's front faces do.
function facing([a, b, c], normal) {
  const u = b.map((v, i) => v - a[i]);
  const w = c.map((v, i) => v - a[i]);
  const cross = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  return cross[0] * normal[0] + cross[1] * normal[1] + cross[2] * normal[2] > 0;
}

// The six faces of a unit cube: the neighbour across each (row, column,
// layer) and the face's corners in the scene, in order round the face.
const FACES = [
  { across: [0, 1, 0], corners: [[1, 0, 0], [1, 1, 0], [1, 1, -1], [1, 0, -1]] },
  { across: [0, -1, 0], corners: [[0, 0, 0], [0, 0, -1], [0, 1, -1], [0, 1, 0]] },
  { across: [-1, 0, 0], corners: [[0, 1, 0], [0, 1, -1], [1, 1, -1], [1, 1, 0]] },
  { across: [1, 0, 0], corners: [[0, 0, 0], [1, 0, 0], [1, 0, -1], [0, 0, -1]] },
  { across: [0, 0, -1], corners: [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]] },
  { across: [0, 0, 1], corners: [[0, 0, -1], [1, 0, -1], [1, 1, -1], [0, 1, -1]] },
];

// One piece's solid: the faces of its cubes that no other cube of it
// touches (so the solid is one surface, with no faces inside).
function pieceGeometry(cells) {
  const key = (c) => c.join(',');
  const own = new Set(cells.map(key));
  const positions = [];
  const normals = [];
  for (const cell of cells) {
    const [x, y, z] = toScene(cell);
    for (const { across, corners } of FACES) {
      if (own.has(key(cell.map((v, i) => v + across[i])))) continue;
      const normal = toScene(across);
      const at = corners.map(([dx, dy, dz]) => [x + dx, y - 1 + dy, z + dz]);
      for (const k of facing(at, normal) ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2]) {
        positions.push(...at[k]);
        normals.push(...normal);
      }
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new THREE.Float32BufferAttribute(normals, 3));
  return geometry;
}

/**
 * The offsets of every piece after each move of `plan` (Tiling.disassemble's):
 * steps[k][p] is [row, column, layer], how far piece p has gone after the
 * first k moves (steps[0] all zero).
 */
export function stepOffsets(plan, pieces) {
  const steps = [Array.from({ length: pieces }, () => [0, 0, 0])];
  for (const move of plan) {
    const next = steps.at(-1).map((offset) => [...offset]);
    for (const p of move.pieces) for (let i = 0; i < 3; ++i) next[p][i] += move.distance * move.direction[i];
    steps.push(next);
  }
  return steps;
}

// A piece drawn see-through: one that holds at least this share of the
// cells (the box of a box-and-pieces puzzle), so the pieces inside show.
const ENCLOSING_SHARE = 0.4;

export class AssemblyView {
  #renderer;
  #scene = new THREE.Scene();
  #camera;
  #controls;
  #pieces = [];
  #offsets;
  #animation = null;

  /**
   * Draws `placements` (Tiling.placements) in a canvas put into `container`,
   * width x height pixels (times the screen's pixel ratio; the style sheet
   * gives its size on the page), piece k in colours[k] (a CSS colour: the
   * SVG's), with the camera on the assembly.
   */
  constructor(container, placements, colours, { width = 480, height = 360 } = {}) {
    this.#renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.#renderer.setPixelRatio(window.devicePixelRatio);
    // The drawing's size; the canvas's own on the page is the style sheet's
    // (as wide as this where there is room, the same shape).
    this.#renderer.setSize(width, height, false);
    this.#renderer.setClearColor(0xffffff);
    const canvas = this.#renderer.domElement;
    canvas.setAttribute('aria-label', 'The tiling in 3D: drag to turn, right-drag to pan, wheel to zoom');
    container.replaceChildren(canvas);

    this.#scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8f99, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(3, 5, 4);
    this.#scene.add(sun);

    const total = placements.reduce((n, p) => n + p.cells.length, 0);
    placements.forEach((placement, k) => {
      const geometry = pieceGeometry(placement.cells);
      const seeThrough = placements.length > 1 && placement.cells.length >= ENCLOSING_SHARE * total;
      const material = new THREE.MeshLambertMaterial({
        color: new THREE.Color(colours[k] ?? `hsl(${(k * 137.5) % 360}, 60%, 60%)`),
        // The outline is drawn over the faces it borders.
        polygonOffset: true,
        polygonOffsetFactor: 1,
        polygonOffsetUnits: 1,
        transparent: seeThrough,
        opacity: seeThrough ? 0.28 : 1,
        depthWrite: !seeThrough,
      });
      const group = new THREE.Group();
      const solid = new THREE.Mesh(geometry, material);
      solid.renderOrder = seeThrough ? 1 : 0;
      const edges = new THREE.LineSegments(
        new THREE.EdgesGeometry(geometry, 1),
        new THREE.LineBasicMaterial({ color: 0x1d2330, transparent: seeThrough, opacity: seeThrough ? 0.45 : 1 }),
      );
      group.add(solid, edges);
      this.#scene.add(group);
      this.#pieces.push({ group, cells: placement.cells });
    });
    this.#offsets = placements.map(() => [0, 0, 0]);

    this.#camera = new THREE.PerspectiveCamera(30, width / height, 0.1, 1000);
    this.#controls = new OrbitControls(this.#camera, canvas);
    this.#controls.addEventListener('change', () => this.render());
    this.frame([this.#offsets]);
  }

  /** Aims the camera so that every piece at each of `offsetSets` is in view. */
  frame(offsetSets) {
    const box = new THREE.Box3();
    for (const offsets of offsetSets)
      this.#pieces.forEach(({ cells }, k) => {
        for (const cell of cells) {
          const [x, y, z] = toScene(cell.map((v, i) => v + offsets[k][i]));
          box.expandByPoint(new THREE.Vector3(x, y - 1, z - 1));
          box.expandByPoint(new THREE.Vector3(x + 1, y, z));
        }
      });
    const centre = box.getCenter(new THREE.Vector3());
    // From the front, a little right and above, as one holds a puzzle; far
    // enough that each corner of the box is in view, with a margin.
    const from = new THREE.Vector3(0.55, 0.6, 1).normalize();
    this.#camera.position.copy(centre).add(from);
    this.#camera.lookAt(centre);
    this.#camera.updateMatrixWorld();
    const toCamera = this.#camera.matrixWorldInverse;
    const tanY = Math.tan(THREE.MathUtils.degToRad(this.#camera.fov) / 2) / 1.08;
    const tanX = tanY * this.#camera.aspect;
    const origin = centre.clone().applyMatrix4(toCamera);
    let distance = 0;
    for (const x of [box.min.x, box.max.x])
      for (const y of [box.min.y, box.max.y])
        for (const z of [box.min.z, box.max.z]) {
          // The corner seen from the camera at the centre, looking down -z.
          const p = new THREE.Vector3(x, y, z).applyMatrix4(toCamera).sub(origin);
          distance = Math.max(distance, p.z + Math.abs(p.x) / tanX, p.z + Math.abs(p.y) / tanY);
        }
    this.#camera.position.copy(centre).addScaledVector(from, distance);
    this.#camera.near = distance / 100;
    this.#camera.far = distance * 10;
    this.#camera.updateProjectionMatrix();
    this.#controls.target.copy(centre);
    this.#controls.update();
    this.render();
  }

  /** The canvas drawn into. */
  get canvas() {
    return this.#renderer.domElement;
  }

  /** Places every piece at its offset ([row, column, layer], fractions allowed). */
  place(offsets) {
    this.#offsets = offsets.map((o) => [...o]);
    this.#pieces.forEach(({ group }, k) => group.position.set(...toScene(offsets[k])));
    this.render();
  }

  /**
   * Slides the pieces from where they are to `offsets` in `ms` ms; resolves
   * once they are there exactly (a newer slide or place() ends this one).
   */
  slideTo(offsets, ms) {
    this.#animation?.cancel();
    const from = this.#offsets.map((o) => [...o]);
    return new Promise((resolve) => {
      let cancelled = false;
      const started = performance.now();
      const animation = { cancel: () => (cancelled = true) };
      this.#animation = animation;
      const frame = (now) => {
        if (cancelled) return resolve(false);
        const t = Math.min(1, (now - started) / ms);
        const eased = t < 1 ? t * t * (3 - 2 * t) : 1;
        this.place(from.map((o, k) => o.map((v, i) => v + (offsets[k][i] - v) * eased)));
        if (t < 1) return requestAnimationFrame(frame);
        this.place(offsets);
        if (this.#animation === animation) this.#animation = null;
        resolve(true);
      };
      requestAnimationFrame(frame);
    });
  }

  /** Each piece's box on the canvas in CSS pixels: { left, top, right, bottom }. */
  screenBoxes() {
    const [width, height] = [this.canvas.clientWidth, this.canvas.clientHeight];
    this.#scene.updateMatrixWorld();
    return this.#pieces.map(({ group }) => {
      const box = new THREE.Box3().setFromObject(group);
      const rect = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      for (const x of [box.min.x, box.max.x])
        for (const y of [box.min.y, box.max.y])
          for (const z of [box.min.z, box.max.z]) {
            const p = new THREE.Vector3(x, y, z).project(this.#camera);
            const px = ((p.x + 1) / 2) * width;
            const py = ((1 - p.y) / 2) * height;
            rect.left = Math.min(rect.left, px);
            rect.right = Math.max(rect.right, px);
            rect.top = Math.min(rect.top, py);
            rect.bottom = Math.max(rect.bottom, py);
          }
      return rect;
    });
  }

  render() {
    this.#renderer.render(this.#scene, this.#camera);
  }

  dispose() {
    this.#animation?.cancel();
    this.#controls.dispose();
    this.#scene.traverse((object) => {
      object.geometry?.dispose();
      object.material?.dispose();
    });
    this.#renderer.dispose();
    // Browsers keep a few WebGL contexts at once: this one goes now.
    this.#renderer.forceContextLoss();
    this.#renderer.domElement.remove();
  }
}

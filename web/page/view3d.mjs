// SPDX-License-Identifier: MIT
// The 3D view of a tiling on the cube lattice, drawn by three.js (npm's
// `three`, copied beside the page by the build: the import map in
// index.html names it). Each placed piece is one solid, the library's
// mesh of its cells (Tiling.meshes: the surface STL and the SVG views
// draw), with its outline; the mouse turns (left), pans (right) and
// zooms (wheel) the view. A disassembly plays as offsets per piece: step k
// shows the pieces after the plan's first k moves, a step slides there.
// The page imports this module only when it first shows a cube tiling.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// A cell (row, column, layer) in the scene: columns run right, rows down,
// layers back (away from the viewer), as the library's move lines say
// ("right", "down", "back").
const toScene = ([row, column, layer]) => [column, -row, -layer];

// One piece's solid from the library's mesh (Tiling.meshes: x right, y
// away, z up, in edges) in the scene's axes (x right, y up, z toward the
// viewer: a turn, so the triangles still face out), each triangle with its
// own normal so that the faces stay flat.
function pieceGeometry({ vertices, triangles }) {
  const positions = [];
  for (const i of triangles) positions.push(vertices[3 * i], vertices[3 * i + 2], -vertices[3 * i + 1]);
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals(); // (no index: each triangle's own normal)
  geometry.computeBoundingBox();
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
   * Draws the pieces, `meshes` (Tiling.meshes) of `placements`
   * (Tiling.placements: their cells), in a canvas put into `container`,
   * width x height pixels (times the screen's pixel ratio; the style sheet
   * gives its size on the page), piece k in colours[k] (a CSS colour: the
   * SVG's), with the camera on the assembly.
   */
  constructor(container, placements, meshes, colours, { width = 480, height = 360 } = {}) {
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
      const geometry = pieceGeometry(meshes[k]);
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
      this.#pieces.push({ group, bounds: geometry.boundingBox });
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
      this.#pieces.forEach(({ bounds }, k) => {
        box.union(bounds.clone().translate(new THREE.Vector3(...toScene(offsets[k]))));
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

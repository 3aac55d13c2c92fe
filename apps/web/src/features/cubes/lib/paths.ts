/** Addresses of the cube screens. */
export const cubesPath = '/fiscus/cubes';
export const cubePath = (id: string) => `/fiscus/cubes/${encodeURIComponent(id)}`;
export const cubeDesignPath = (id: string) => `/fiscus/cubes/${encodeURIComponent(id)}/design`;
export const newCubePath = '/fiscus/cubes/new';

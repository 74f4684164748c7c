export function App() {
  return <main>options</main>;
}

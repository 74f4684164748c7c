export function App() {
  return <main>popup</main>;
}

/** A refusal or error next to the form it concerns, announced to screen readers. */
export function Alert({ message, id }: { message: string; id?: string }) {
  return (
    <p
      id={id}
      role="alert"
      className="mt-4 rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

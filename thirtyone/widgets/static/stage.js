function render({ model, el }) {
  el.classList.add("to-stage");
  model.send({ event: "shown" });
}
export default { render };

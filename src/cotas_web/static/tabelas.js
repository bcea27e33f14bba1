/* Tabelas (e gráficos) largos no celular: a caixa que de fato rola de lado ganha a classe
   "rola", e o CSS mostra o aviso "Role ... para o lado" só nela (sem JavaScript, o aviso não aparece e a
   tabela continua rolando). */
(function () {
  "use strict";
  function marcar(caixa) {
    caixa.classList.toggle("rola", caixa.scrollWidth > caixa.clientWidth + 1);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var caixas = document.querySelectorAll(".tabela, .tabela-rolagem, .grafico-rolagem");
    var observador = "ResizeObserver" in window ? new ResizeObserver(function (itens) {
      itens.forEach(function (item) { marcar(item.target); });
    }) : null;
    caixas.forEach(function (caixa) {
      marcar(caixa);
      if (observador) { observador.observe(caixa); }
    });
  });
}());

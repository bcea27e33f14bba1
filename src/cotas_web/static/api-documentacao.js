// A documentação da API (/api/docs) em português, e o Swagger UI iniciado daqui: o Swagger UI não tem tradução (swagger-ui#2488,
// a proposta de tradução foi fechada), então cada rótulo da ferramenta que aparece na página é
// trocado pelo seu em português assim que surge. O que vem da descrição OpenAPI (títulos,
// descrições, campos) já é português; os tipos do JSON Schema (string, integer) e os
// cabeçalhos HTTP ficam como na especificação.
(function () {
  var TEXTOS = {
    "Parameters": "Parâmetros",
    "No parameters": "Sem parâmetros",
    "Try it out": "Experimentar",
    "Cancel": "Cancelar",
    "Execute": "Executar",
    "Clear": "Limpar",
    "Name": "Nome",
    "Description": "Descrição",
    "Responses": "Respostas",
    "Response": "Resposta",
    "Code": "Código",
    "Details": "Detalhes",
    "Links": "Links",
    "No links": "Sem links",
    "Request URL": "Endereço do pedido",
    "Server response": "Resposta do servidor",
    "Response body": "Corpo da resposta",
    "Response headers": "Cabeçalhos da resposta",
    "Download": "Baixar",
    "Media type": "Tipo de conteúdo",
    "Controls": "Escolhe o cabeçalho",
    "header.": "",
    "Please correct the following validation errors and try again.":
      "Corrija os campos abaixo e tente de novo.",
    "Example Value": "Exemplo",
    "Schema": "Esquema",
    "Schemas": "Esquemas",
    "Loading...": "Carregando…",
    "Servers": "Servidores",
    "Expand all": "Abrir todos",
    "Collapse all": "Fechar todos",
    "Default value": "Valor padrão",
    "Available values": "Valores possíveis",
    "required": "obrigatório",
    "Undocumented": "Não documentada",
    "Failed to fetch.": "O pedido não chegou ao servidor.",
    "Possible Reasons:": "Causas possíveis:",
    "CORS": "CORS",
    "Network Failure": "Falha de rede",
    "URL scheme must be \"http\" or \"https\" for CORS request.":
      "O endereço deve começar por http ou https.",
    "OK": "Sucesso",
    "Not Modified": "Não mudou",
    "Bad Request": "Pedido inválido",
    "Not Found": "Não encontrado",
    "Conflict": "Conflito",
    "Unprocessable Entity": "Parâmetro inválido",
    "Unprocessable Content": "Parâmetro inválido",
    "Too Many Requests": "Pedidos demais",
    "Internal Server Error": "Erro no servidor",
    "Service Unavailable": "Serviço indisponível",
    "Expand operation": "Abrir a operação",
    "Collapse operation": "Fechar a operação",
    "Copy to clipboard": "Copiar",
    "Show/Hide": "Mostrar/esconder",
    "Filter by tag": "Filtrar por grupo",
    "Example Description": "Descrição do exemplo",
  };
  // As frases que o Swagger UI compõe com um valor: a conferência dos campos antes do pedido
  // ("For 'limite': Value must be greater than or equal to 1") e o erro da resposta
  // ("Error: Not Found").
  var VALIDACOES = [
    [/^Value must be greater than or equal to (.+)$/, "o valor deve ser no mínimo $1"],
    [/^Value must be less than or equal to (.+)$/, "o valor deve ser no máximo $1"],
    [/^Value must be an integer(\.?)$/, "o valor deve ser um número inteiro$1"],
    [/^Value must be a number(\.?)$/, "o valor deve ser um número$1"],
    [/^Required field is not provided(\.?)$/, "campo obrigatório não preenchido$1"],
  ];
  function validacao(frase) {
    for (var i = 0; i < VALIDACOES.length; i++) {
      if (VALIDACOES[i][0].test(frase)) { return frase.replace(VALIDACOES[i][0], VALIDACOES[i][1]); }
    }
    return frase;
  }
  function traduzir(texto) {
    var limpo = texto.trim();
    if (!limpo) { return null; }
    if (Object.prototype.hasOwnProperty.call(TEXTOS, limpo)) {
      return texto.replace(limpo, TEXTOS[limpo]);
    }
    var erro = /^Error: (.*)$/.exec(limpo);
    if (erro) {
      return texto.replace(limpo, "Erro: " + (TEXTOS[erro[1]] || erro[1]));
    }
    var campo = /^For '(.+?)': (.+)$/.exec(limpo);
    if (campo) {
      var frases = campo[2].split(/,\s*/).map(validacao).join(", ");
      return texto.replace(limpo, "Em '" + campo[1] + "': " + frases);
    }
    var sozinha = validacao(limpo);
    return sozinha !== limpo ? texto.replace(limpo, sozinha) : null;
  }
  var ATRIBUTOS = ["title", "aria-label", "placeholder"];
  function trocar(raiz) {
    if (raiz.nodeType === Node.TEXT_NODE) {
      var novo = traduzir(raiz.nodeValue);
      if (novo !== null && novo !== raiz.nodeValue) { raiz.nodeValue = novo; }
      return;
    }
    if (raiz.nodeType !== Node.ELEMENT_NODE) { return; }
    var percurso = document.createTreeWalker(raiz, NodeFilter.SHOW_TEXT);
    var no;
    while ((no = percurso.nextNode())) { trocar(no); }
    var elementos = [raiz].concat(Array.prototype.slice.call(raiz.querySelectorAll("*")));
    elementos.forEach(function (el) {
      ATRIBUTOS.forEach(function (nome) {
        var valor = el.getAttribute(nome);
        var novo = valor && traduzir(valor);
        if (novo && novo !== valor) { el.setAttribute(nome, novo); }
      });
    });
  }
  var alvo = document.getElementById("swagger-ui");
  if (!alvo) { return; }
  new MutationObserver(function (mudancas) {
    mudancas.forEach(function (m) {
      if (m.type === "characterData") { trocar(m.target); }
      else if (m.type === "attributes") { trocar(m.target); }
      else { m.addedNodes.forEach(trocar); }
    });
  }).observe(alvo, {
    childList: true, subtree: true, characterData: true,
    attributes: true, attributeFilter: ATRIBUTOS,
  });
  trocar(alvo);
  // As mesmas opções que o django-ninja passaria (swagger-ui-init.js), sem o JSON embutido.
  SwaggerUIBundle({
    url: alvo.dataset.descricao,
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
})();

"""Páginas públicas (sem login): consulta por inscrição, listas publicadas, ordem de nomeação com
o gráfico, e os downloads do anexo do edital, das listas e da ordem (PDF, CSV, XLSX, HTML).
A ata da comissão é baixada só por quem tem papel no certame.

Nada aqui mostra cor/raça, deficiência, parecer individual da comissão ou CPF inteiro
(docs/INTERPRETACAO.md#dados-pessoais): os documentos públicos são montados sem esses dados.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from cotas.documentos.ata import ata_sessao, registro_recursos
from cotas.documentos.documento import Documento
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.pagina import fragmento_html
from cotas.documentos.pdf import PdfIndisponivel
from cotas.documentos.publicacao import FORMATOS, POR_CARGO, TIPOS, arquivo
from cotas.documentos.publicacao import documento as montar_documento
from cotas.documentos.tabelas import rotulo_lista
from cotas_web import protecao
from cotas_web.candidatos.models import Heteroidentificacao
from cotas_web.certames.models import Certame
from cotas_web.certames.selectors import fundamento_da_homologacao
from cotas_web.comissao.models import Sessao
from cotas_web.comum import AindaNaoPublicado
from cotas_web.contas.permissoes import ADMIN, AUDITOR, COMISSAO, publica, requer_papel
from cotas_web.rotulos import escolhas
from cotas_web.tarefas import services as tarefas
from cotas_web.tarefas.limite import limitar_por_cliente
from cotas_web.tarefas.models import Estado, Tarefa, Tipo

from . import arquivos, casca_da_consulta, selectors, situacoes
from .apresentacao import para_tela

TITULOS = {
    "anexo-edital": "Anexo do edital: vagas e reserva",
    "listas": "Listas de classificação",
    "ordem-de-nomeacao": "Ordem de nomeação",
    "ata-do-sorteio": "Ata do sorteio entre cargos",
    arquivos.PACOTE: "Pacote de dados abertos",
}


def _certame(request: HttpRequest, pk: int) -> Certame:
    """Um rascunho (não publicado) não existe para o público."""
    from cotas_web.certames.selectors import certame_publico

    return certame_publico(pk=pk, usuario=request.user)


def _publicaveis(certame: Certame) -> list[tuple[str, str]]:
    return [(nome, TITULOS[nome]) for nome in selectors.publicaveis(certame=certame)]


def _fonte(request: HttpRequest, certame: Certame) -> FonteDocumentos | HttpResponse:
    try:
        return selectors.fonte_publicada(certame=certame)
    except selectors.ErroCotas as erro:
        return render(
            request,
            "publico/erro.html",
            {"certame": certame, "erro": str(erro)},
            status=409,
        )


def _documento_pedido(
    request: HttpRequest, certame: Certame, doc: str, *, status_sem_cargo: int
) -> tuple[Documento, str | None] | HttpResponse:
    """O documento público `doc` do certame e o cargo de `?cargo=` (só ele, se houver).

    404 se o documento não é publicado (ainda: as listas e a ordem só depois da homologação).
    Num certame grande demais para montar o documento inteiro num pedido, a página que pede o
    cargo (com `status_sem_cargo`); se os fatos contrariam a lei, a página do erro."""
    cargo = _pedido_valido(request, certame, doc, status_sem_cargo=status_sem_cargo)
    if isinstance(cargo, HttpResponse):
        return cargo
    fonte = _fonte(request, certame)
    if isinstance(fonte, HttpResponse):
        return fonte
    return montar_documento(fonte, doc, cargo), cargo


def _pedido_valido(
    request: HttpRequest, certame: Certame, doc: str, *, status_sem_cargo: int
) -> str | HttpResponse | None:
    """O cargo de `?cargo=` de um pedido do documento `doc` que pode ser atendido; senão 404 ou
    a página que pede o cargo (sem montar nada)."""
    if doc not in dict(_publicaveis(certame)):
        if doc in selectors.SO_HOMOLOGADO and doc in TITULOS and not certame.homologado:
            raise AindaNaoPublicado(
                f"O documento “{TITULOS[doc]}” só se publica depois da homologação do resultado "
                "final, e este certame ainda não foi homologado. Até lá, o anexo do edital mostra "
                "as vagas e a reserva de cada cargo.",
                links=(
                    (
                        "Anexo do edital",
                        reverse("publico:documento", args=[certame.pk, "anexo-edital"]),
                    ),
                    ("Página do certame", reverse("certames:publico", args=[certame.pk])),
                ),
            )
        raise Http404("Documento não publicado.")
    cargo = _cargo_pedido(request, certame, doc)
    if (total := _so_por_cargo(certame, doc, cargo)) is not None:
        return _escolha_o_cargo(request, certame, doc, total, status=status_sem_cargo)
    return cargo


def _cargos(certame: Certame) -> list[tuple[str, str]]:
    return list(certame.cargos.order_by("codigo").values_list("codigo", "nome"))


def _url_da_pagina(cargo: str | None, pagina: int) -> str:
    return "?" + urlencode({**({"cargo": cargo} if cargo else {}), "pagina": pagina})


def _cargo_pedido(request: HttpRequest, certame: Certame, doc: str) -> str | None:
    """O cargo de `?cargo=` (só nos documentos que se publicam por cargo); 404 se não existe."""
    codigo = request.GET.get("cargo", "").strip()
    if not codigo:
        return None
    if doc not in POR_CARGO:
        # (antes, "Cargo desconhecido." para um cargo que existe: o documento é que não se
        # publica por cargo)
        raise Http404(
            f"{TITULOS[doc]}: o documento traz todos os cargos juntos e não se abre por cargo; "
            "abra o endereço sem o cargo."
        )
    if not certame.cargos.filter(codigo=codigo).exists():
        raise Http404(f"Não há cargo {codigo[:40]} neste certame.")
    return codigo


def _so_por_cargo(certame: Certame, doc: str, cargo: str | None) -> int | None:
    """Quantas inscrições o certame tem, se o documento pedido inteiro é grande demais para um
    pedido público (então só se publica por cargo); None se pode ser montado."""
    if doc not in POR_CARGO or cargo is not None:
        return None
    total = certame.candidatos.count()
    return total if total > settings.PUBLICO_LISTAS_INTEIRAS_ATE else None


def _escolha_o_cargo(
    request: HttpRequest, certame: Certame, doc: str, total: int, *, status: int = 200
) -> HttpResponse:
    """A página que pede o cargo (200 na página do documento; 400 num download do inteiro)."""
    return render(
        request,
        "publico/escolha_o_cargo.html",
        {
            "certame": certame,
            "doc": doc,
            "titulo": TITULOS[doc],
            "total": total,
            "cargos": _cargos(certame),
            "documentos": _publicaveis(certame),
        },
        status=status,
    )


def _anexo(conteudo: bytes, tipo: str, nome: str, formato: str) -> HttpResponse:
    resposta = HttpResponse(conteudo, content_type=tipo)
    disposicao = "inline" if formato in ("pdf", "html", "svg") else "attachment"
    resposta["Content-Disposition"] = protecao.disposicao(nome, anexo=disposicao == "attachment")
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@publica
def consulta(request: HttpRequest, pk: int) -> HttpResponse:
    """Uma consulta indexada na situação pública materializada (`situacoes`), renovada quando
    um ato muda o certame; sem reencenar o certame a cada pedido. Para quem chega sem sessão, a
    página sai da casca da versão (`casca_da_consulta`) com só o resultado montado."""
    inscricao = _inscricao_pedida(request)
    lido: Any = situacoes.NAO_LIDO
    if inscricao and casca_da_consulta.pode_servir(request):
        lido = situacoes.marcador(pk, inscricao)
        if (casca := casca_da_consulta.pela_versao(pk, lido)) is not None:
            situacao = situacoes.lida_com_o_marcador(lido)
            resultado = _resultado(casca.certame, situacao, inscricao, casca.homologacao)
            return HttpResponse(casca.pagina(inscricao, resultado))
    certame = _certame(request, pk)
    contexto: dict[str, object] = {
        "certame": certame,
        "titulo": "Consultar inscrição",
        "inscricao": inscricao,
        "documentos": _publicaveis(certame),
    }
    if not (inscricao and certame.homologado):
        contexto["vazia"] = "inscricao" in request.GET and certame.homologado
        return render(request, "publico/consulta.html", contexto)
    publicada = situacoes.para_consulta(certame, lido)
    pub = publicada.pub
    # Enquanto a consulta se atualiza, a anterior vai marcada, com a data e o andamento.
    contexto["desatualizada"] = not publicada.atual
    contexto["tarefa"] = publicada.tarefa
    if pub is None:
        resposta = render(request, "publico/atualizando.html", contexto, status=503)
        resposta["Retry-After"] = "5"
        return resposta
    if pub.erro and not situacoes.tem_situacoes(pub):
        return render(
            request, "publico/erro.html", {"certame": certame, "erro": pub.erro}, status=409
        )
    if pub.erro:  # a última versão boa, marcada: os atos depois dela não entraram
        contexto["desatualizada"], contexto["erro_da_atualizacao"] = True, pub.erro
    contexto["publicada_em"] = pub.publicada_em
    homologacao = fundamento_da_homologacao(certame)
    resultado = _resultado(certame, situacoes.situacao(pub, inscricao), inscricao, homologacao)
    chave = casca_da_consulta.chave(request, certame, publicada)
    if chave is None:
        return render(request, "publico/consulta.html", {**contexto, "resultado": resultado})

    def desenhar(inscricao: str, resultado: str) -> str:
        # Seguro: o resultado é o modelo `_consulta_resultado.html`, que escapa o que mostra.
        local = {**contexto, "inscricao": inscricao, "resultado": mark_safe(resultado)}
        return render_to_string("publico/consulta.html", local, request)

    casca = casca_da_consulta.montar(chave, certame, homologacao, desenhar)
    return HttpResponse(casca.pagina(inscricao, resultado))


def _inscricao_pedida(request: HttpRequest) -> str:
    """A inscrição digitada, como o comprovante a traz: os algarismos de largura cheia de um
    teclado de celular ("２０２５…") viram os comuns (NFKC); sem os espaços das pontas."""
    return unicodedata.normalize("NFKC", request.GET.get("inscricao", "")).strip()[:40]


def _resultado(
    certame: Certame, situacao: dict[str, Any] | None, inscricao: str, homologacao: str
) -> SafeString:
    """O trecho da página com o resultado da inscrição (`situacao`, a linha publicada dela, ou
    None se não há): posições, nomeação ou projeção e a linha do tempo dos atos que a atingiram."""
    contexto: dict[str, object] = {
        "certame": certame,
        "inscricao": inscricao,
        "situacao": situacao,
        "nao_encontrada": situacao is None,
    }
    if situacao is not None:
        contexto["resumo"] = situacao["resumo"]
        # Quem saiu (desistência, anulação, eliminação) continua na classificação homologada,
        # mas não mais na ordem de nomeação: a legenda das posições o diz.
        contexto["saiu"] = situacao.get("saiu", False)
        contexto["linha_do_tempo"] = selectors.linha_do_tempo(
            certame=certame,
            inscricao=situacao["inscricao"],
            situacao=situacao,
            homologacao=homologacao,
        )
        if situacao["projecao"] is not None:
            contexto["antes"] = [
                (rotulo_lista(lista), q) for lista, q in situacao["projecao"]["antes"]
            ]
    # Seguro: o modelo escapa tudo o que mostra.
    return mark_safe(render_to_string("publico/_consulta_resultado.html", contexto))


@publica
@limitar_por_cliente
def documento(request: HttpRequest, pk: int, doc: str) -> HttpResponse | FileResponse:
    certame = _certame(request, pk)
    if arquivos.em_segundo_plano(certame):
        return _documento_do_disco(request, certame, doc)
    pedido = _documento_pedido(request, certame, doc, status_sem_cargo=200)
    if isinstance(pedido, HttpResponse):
        return pedido
    d, cargo = pedido
    # Na tela, as tabelas em páginas (os arquivos para baixar vêm inteiros).
    por_pagina = settings.PUBLICO_LINHAS_POR_PAGINA
    paginas = d.paginas(por_pagina)
    pagina = _pagina_pedida(request, paginas)
    return _pagina_do_documento(
        request,
        certame,
        doc,
        cargo,
        pagina,
        paginas,
        titulo=d.titulo,
        # Seguro: todo texto do documento é escapado em cotas.documentos.pagina.
        conteudo=mark_safe(para_tela(fragmento_html(d.pagina(pagina, por_pagina)))),
        tabelas=[(t.nome, t.titulo) for t in d.tabelas],
    )


def _pagina_do_documento(
    request: HttpRequest,
    certame: Certame,
    doc: str,
    cargo: str | None,
    pagina: int,
    paginas: int,
    *,
    titulo: str,
    conteudo: str,
    tabelas: list[tuple[str, str]],
    **mais: Any,
) -> HttpResponse:
    """A página `pagina` de um documento na tela, montado no pedido ou lido do disco."""
    return render(
        request,
        "publico/documento.html",
        {
            "certame": certame,
            "doc": doc,
            "cargo": cargo,
            "pagina": pagina,
            "paginas": paginas,
            "anterior": _url_da_pagina(cargo, pagina - 1) if pagina > 1 else "",
            "proxima": _url_da_pagina(cargo, pagina + 1) if pagina < paginas else "",
            "cargos": _cargos(certame) if doc in POR_CARGO else [],
            "titulo": titulo,
            "conteudo": conteudo,
            "tabelas": tabelas,
            "formatos": [f for f in FORMATOS if f != "csv"],
            "documentos": _publicaveis(certame),
            **mais,
        },
    )


def _pagina_pedida(request: HttpRequest, paginas: int) -> int:
    try:
        return min(max(int(request.GET.get("pagina", "1")), 1), max(paginas, 1))
    except ValueError:
        return 1


def _documento_do_disco(
    request: HttpRequest, certame: Certame, doc: str
) -> HttpResponse | FileResponse:
    """O documento na tela de um certame grande: as páginas geradas uma vez por versão, lidas
    do disco (uma página de cada vez: tempo e memória limitados em cada pedido). Enquanto as da
    versão atual se geram, as da anterior, marcadas como desatualizadas, ou a barra."""
    cargo = _pedido_valido(request, certame, doc, status_sem_cargo=200)
    if isinstance(cargo, HttpResponse):
        return cargo
    pedido = arquivos.pedir(certame, doc, cargo, "paginas")
    pronta = pedido.pronto or pedido.anterior
    if pronta is None:
        return _do_disco(request, certame, doc, cargo, "paginas", None, TITULOS[doc])
    paginas = int(pronta.parametros["paginas"])
    pagina = _pagina_pedida(request, paginas)
    return _pagina_do_documento(
        request,
        certame,
        doc,
        cargo,
        pagina,
        paginas,
        titulo=pronta.parametros["titulo"],
        # Seguro: gerado de cotas.documentos.pagina, que escapa todo texto.
        conteudo=mark_safe(arquivos.pagina(pronta, pagina) or ""),
        tabelas=[tuple(t) for t in pronta.parametros["tabelas"]],
        # A versão anterior, enquanto a atual se gera: marcada, com a data e a barra.
        desatualizado=pedido.pronto is None,
        gerado_em=pronta.terminada_em,
        versao_mostrada=pronta.versao,
        tarefa=pedido.gerando,
        url_resultado=request.get_full_path(),
        rotulo_resultado="Ver a versão atual",
    )


@publica
@limitar_por_cliente
def baixar(request: HttpRequest, pk: int, doc: str, formato: str) -> HttpResponse | FileResponse:
    certame = _certame(request, pk)
    if formato not in FORMATOS:
        raise Http404("Formato desconhecido.")
    cargo = _pedido_valido(request, certame, doc, status_sem_cargo=400)
    if isinstance(cargo, HttpResponse):
        return cargo
    nome = _nome_do_arquivo(certame, f"{doc}-{cargo}" if cargo else doc)
    if arquivos.em_segundo_plano(certame):
        return _do_disco(request, certame, doc, cargo, formato, None, f"{nome}.{formato}")
    if formato == "pdf" and (erro := _pdf_indisponivel()) is not None:
        return HttpResponse(erro, status=503, content_type="text/plain; charset=utf-8")
    return _na_hora(request, certame, doc, cargo, formato, None, f"{nome}.{formato}")


@publica
@limitar_por_cliente
def baixar_tabela(
    request: HttpRequest, pk: int, doc: str, tabela: str
) -> HttpResponse | FileResponse:
    certame = _certame(request, pk)
    cargo = _pedido_valido(request, certame, doc, status_sem_cargo=400)
    if isinstance(cargo, HttpResponse):
        return cargo
    nome = _nome_do_arquivo(certame, arquivos.nome_da_tabela(tabela, cargo))
    if arquivos.em_segundo_plano(certame):
        return _do_disco(request, certame, doc, cargo, "csv", tabela, nome)
    return _na_hora(request, certame, doc, cargo, "csv", tabela, nome)


def _nome_do_arquivo(certame: Certame, nome: str) -> str:
    """ "concurso-01-2025-ordem-de-nomeacao": o certame no nome de todo arquivo baixado."""
    from cotas_web.certames.selectors import slug_do_certame

    return f"{slug_do_certame(certame)}-{nome}"


def _pdf_indisponivel() -> str | None:
    """A mensagem, se o PDF não pode ser gerado neste servidor (sem o WeasyPrint)."""
    from cotas.documentos.pdf import motivo_indisponivel

    return motivo_indisponivel()


def _na_hora(
    request: HttpRequest,
    certame: Certame,
    doc: str,
    cargo: str | None,
    formato: str,
    tabela: str | None,
    nome: str,
    extras: dict[str, Any] | None = None,
) -> HttpResponse | FileResponse:
    """O arquivo de um certame pequeno (até PUBLICO_ARQUIVOS_NA_HORA_ATE inscrições), gerado
    no próprio pedido, mas uma vez por versão para todos os processos: o primeiro pedido põe a
    geração na fila (uma tarefa por versão, arquivos.pedir) e a executa ele mesmo, na hora; os
    pedidos que chegam enquanto isso recebem a página do andamento (202, em preparação) em vez
    de gerar outra vez (doze pedidos do PDF ocupavam os dois processos do servidor por ~40 s);
    os seguintes, o arquivo do disco."""
    pedido = arquivos.pedir(certame, doc, cargo, formato, extras)
    gerando = pedido.gerando
    if pedido.pronto is None and gerando is not None and gerando.estado == Estado.NA_FILA:
        fonte = _fonte(request, certame)  # os fatos contrariam a lei: a página do erro
        if isinstance(fonte, HttpResponse):
            return fonte
        tarefas.executar(str(gerando.pk))  # (só um pedido a pega; os demais, não)
        pedido = arquivos.pedir(certame, doc, cargo, formato, extras)
    if pedido.pronto is not None:
        caminho = arquivos.caminho(pedido.pronto, tabela)
        if caminho is None:
            raise Http404("Tabela desconhecida.")
        return _anexo(caminho.read_bytes(), arquivos.TIPOS_PUBLICOS[formato], nome, formato)
    return _do_disco(request, certame, doc, cargo, formato, tabela, nome, extras)


def _do_disco(
    request: HttpRequest,
    certame: Certame,
    doc: str,
    cargo: str | None,
    formato: str,
    tabela: str | None,
    nome: str,
    extras: dict[str, Any] | None = None,
) -> HttpResponse | FileResponse:
    """O arquivo gerado uma vez para a versão atual, enviado aos poucos do disco; se ainda não
    está pronto, a página com o andamento e o da versão anterior (marcado), se houver."""
    pedido = arquivos.pedir(certame, doc, cargo, formato, extras)
    if pedido.pronto is not None:
        caminho = arquivos.caminho(pedido.pronto, tabela)
        if caminho is None:
            raise Http404("Tabela desconhecida.")
        return _do_arquivo(caminho, formato, nome)
    anterior = pedido.anterior
    resposta = render(
        request,
        "publico/gerando.html",
        {
            "certame": certame,
            "titulo": TITULOS[doc],
            "nome": nome,
            "versao": pedido.versao,
            "tarefa": pedido.gerando,
            "falhou": pedido.falhou,
            "anterior": anterior,
            "url_anterior": _url_do_arquivo(certame, anterior, tabela) if anterior else "",
            "url_resultado": request.get_full_path(),
            "rotulo_resultado": f"Baixar {nome}",
            "documentos": _publicaveis(certame),
        },
        status=202 if pedido.falhou is None else 503,
    )
    resposta["Retry-After"] = "5"
    return resposta


def _url_do_arquivo(certame: Certame, tarefa: Tarefa, tabela: str | None) -> str:
    url = reverse("publico:arquivo", args=[certame.pk, tarefa.pk])
    return f"{url}?{urlencode({'tabela': tabela})}" if tabela else url


def _do_arquivo(caminho: Path, formato: str, nome: str) -> FileResponse:
    resposta = FileResponse(caminho.open("rb"), content_type=arquivos.TIPOS_PUBLICOS[formato])
    anexo = formato not in ("pdf", "html", "svg")
    resposta["Content-Disposition"] = protecao.disposicao(nome, anexo=anexo)
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@publica
@limitar_por_cliente
def arquivo_da_versao(request: HttpRequest, pk: int, tarefa_id: str) -> FileResponse:
    """Um arquivo público já gerado (o da versão anterior, enquanto o da atual se gera), com a
    versão no nome."""
    certame = _certame(request, pk)
    tarefa = get_object_or_404(
        Tarefa,
        pk=tarefa_id,
        certame=certame,
        tipo=Tipo.ARQUIVO_PUBLICO,
        estado=Estado.CONCLUIDA,
        publica=True,
    )
    tabela = request.GET.get("tabela") or None
    caminho = arquivos.caminho(tarefa, tabela)
    if caminho is None:
        raise Http404("Arquivo não encontrado.")
    formato = str(tarefa.parametros["formato"])
    if formato not in (*FORMATOS, "zip"):  # (as páginas da tela não são um arquivo para baixar)
        raise Http404("Arquivo não encontrado.")
    base = tabela or Path(str(tarefa.parametros["nome"])).stem
    if not base.startswith(_nome_do_arquivo(certame, "")):
        base = _nome_do_arquivo(certame, base)
    return _do_arquivo(caminho, formato, f"{base}-versao-{tarefa.versao}.{formato}")


@publica
@limitar_por_cliente
def dados_abertos(request: HttpRequest, pk: int) -> HttpResponse | FileResponse:
    """O pacote de dados abertos do certame (pacote.py): os CSV públicos de cada documento
    publicado e o `datapackage.json` que os descreve, gerado uma vez por versão."""
    certame = _certame(request, pk)
    extras = {
        "documentos": [nome for nome, _ in _publicaveis(certame)],
        "fonte_url": request.build_absolute_uri(reverse("certames:publico", args=[certame.pk])),
    }
    nome = f"{_nome_do_arquivo(certame, 'dados-abertos')}.zip"
    doc = arquivos.PACOTE
    if arquivos.em_segundo_plano(certame):
        return _do_disco(request, certame, doc, None, "zip", None, nome, extras)
    return _na_hora(request, certame, doc, None, "zip", None, nome, extras)


@publica
def publicados(request: HttpRequest, pk: int) -> HttpResponse:
    """Os arquivos públicos guardados do certame, cada um com o sha256 que o registro de
    auditoria guardou e, no PDF, a assinatura conferida agora (válida ou não, e por quem); e a
    cabeça do registro de auditoria, com a data, para quem a quiser guardar."""
    from cotas_web.auditoria.selectors import cabeca_publica

    from . import assinatura

    certame = _certame(request, pk)
    return render(
        request,
        "publico/publicados.html",
        {
            "certame": certame,
            "titulo": "Arquivos publicados e assinaturas",
            "arquivos": arquivos.publicados(certame),
            "assinatura_configurada": assinatura.configurada(),
            "cabeca": cabeca_publica(certame_id=certame.pk),
            "linha_da_cabeca": True,
            "documentos": _publicaveis(certame),
        },
    )


@publica
def catalogo(request: HttpRequest) -> HttpResponse:
    """A página-catálogo dos pacotes de dados abertos de todos os certames publicados."""
    from cotas_web.auditoria.selectors import versao_do_certame

    certames = Certame.objects.filter(publicado_em__isnull=False).order_by("-data_edital", "nome")
    return render(
        request,
        "publico/dados_abertos.html",
        {
            "pacotes": [(c, versao_do_certame(c.pk)) for c in certames],
            "licenca": settings.COTAS_DADOS_ABERTOS_LICENCA,
        },
    )


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def ata(request: HttpRequest, pk: int, sid: int, formato: str) -> HttpResponse:
    """Ata da sessão da comissão (parâmetros `heteroidentificacao.*`): só para quem tem papel."""
    certame = _certame(request, pk)
    sessao = get_object_or_404(Sessao, pk=sid, certame=certame)
    if formato not in FORMATOS:
        raise Http404("Formato desconhecido.")
    d = ata_sessao(selectors.ata_da_sessao(sessao=sessao))
    try:
        conteudo = arquivo(d, formato, "decisoes" if formato == "csv" else None)
    except PdfIndisponivel as erro:
        return HttpResponse(str(erro), status=503, content_type="text/plain; charset=utf-8")
    nome = _nome_do_arquivo(certame, f"ata-sessao-{sid}")
    return _anexo(conteudo, TIPOS[formato], f"{nome}.{formato}", formato)


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def recursos(request: HttpRequest, pk: int, formato: str) -> HttpResponse:
    """O registro dos recursos contra os pareceres da comissão (com as datas, a decisão e o
    resultado final): acesso restrito, como a ata."""
    from cotas_web.comissao.selectors import registro_dos_recursos

    certame = _certame(request, pk)
    if not certame.exige_comissao:
        raise Http404("A lei deste certame não prevê comissão de heteroidentificação.")
    if formato not in FORMATOS:
        raise Http404("Formato desconhecido.")
    d = registro_recursos(registro_dos_recursos(certame=certame))
    try:
        conteudo = arquivo(d, formato, "recursos" if formato == "csv" else None)
    except PdfIndisponivel as erro:
        return HttpResponse(str(erro), status=503, content_type="text/plain; charset=utf-8")
    nome = _nome_do_arquivo(certame, "recursos-comissao")
    return _anexo(conteudo, TIPOS[formato], f"{nome}.{formato}", formato)


@publica
def heteroidentificacao(request: HttpRequest, pk: int) -> HttpResponse:
    """O edital de convocação de cada sessão da comissão (desde a convocação) e o resultado
    preliminar de cada sessão encerrada, com o prazo do recurso: o que o candidato precisa para
    comparecer e para recorrer, antes da homologação. O resultado vai pela inscrição, sem o nome
    (docs/INTERPRETACAO.md#dados-pessoais)."""
    from cotas_web.comissao import selectors as comissao

    certame = _certame(request, pk)
    if not certame.exige_comissao:
        raise Http404("A lei deste certame não prevê comissão de heteroidentificação.")
    rotulos = dict(escolhas(Heteroidentificacao))
    sessoes = []
    for s in comissao.sessoes_publicas(certame=certame):
        convocados = s.convocacoes.select_related("candidato__cargo").order_by(
            "candidato__cargo__codigo", "candidato__inscricao"
        )
        preliminar = None
        if s.encerrada_em is not None and s.registro:
            preliminar = [
                (a["inscricao"], a["cargo"], rotulos.get(a["resultado"], a["resultado"]))
                for a in s.registro["avaliacoes"]
            ]
        sessoes.append(
            {
                "sessao": s,
                "convocados": convocados,
                "preliminar": preliminar,
                "prazo": comissao.prazo_em_palavras(certame=certame, sessao_data=s.data),
            }
        )
    return render(
        request,
        "publico/heteroidentificacao.html",
        {
            "certame": certame,
            "titulo": "Heteroidentificação: convocações e resultado preliminar",
            "sessoes": sessoes,
            "documentos": _publicaveis(certame),
        },
    )

"""Os documentos publicados de um certame e os arquivos de cada um (HTML, PDF, CSV, XLSX, SVG).

Usado por `cotas apurar --saida` e pelos downloads da página pública: os mesmos documentos, os
mesmos números, em todo formato.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future

from cotas.documentos.anexo_edital import anexo_edital
from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.formatos import Conteudo, para_csv, para_xlsx
from cotas.documentos.grafico import grafico_ordem
from cotas.documentos.listas import listas_publicacao
from cotas.documentos.ordem import ordem_de_nomeacao
from cotas.documentos.pagina import html_em_pedacos, para_html_documento
from cotas.documentos.pdf import motivo_indisponivel, para_pdf
from cotas.documentos.sorteio import ata_do_sorteio, tem_sorteio
from cotas.documentos.tabelas import Tabela, todas_as_tabelas
from cotas.motor.regras_do_edital import RegrasDoEdital

DOCUMENTOS: dict[str, Callable[[FonteDocumentos], Documento]] = {
    "anexo-edital": anexo_edital,
    "listas": listas_publicacao,
    "ordem-de-nomeacao": ordem_de_nomeacao,
    "ata-do-sorteio": ata_do_sorteio,
}
# Os documentos que só existem quando o edital tem a regra de que falam (um certame sem sorteio
# não tem ata do sorteio): nem na linha de comando, nem nas páginas públicas.
SO_COM_REGRA_DO_EDITAL: dict[str, Callable[[RegrasDoEdital], bool]] = {
    "ata-do-sorteio": tem_sorteio
}
FORMATOS = ("pdf", "html", "xlsx", "csv")
TIPOS = {
    "pdf": "application/pdf",
    "html": "text/html; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
    "svg": "image/svg+xml",
}


# Os documentos que se publicam também por cargo (`documento(..., cargo=...)`).
POR_CARGO = ("listas",)


def publicados(do_edital: RegrasDoEdital | None) -> list[str]:
    """Os documentos que um certame publica, pelas regras do edital dele (`Regras.do_edital`;
    None: o certame não tem o edital como dado), na ordem de `DOCUMENTOS`."""
    return [
        nome
        for nome in DOCUMENTOS
        if nome not in SO_COM_REGRA_DO_EDITAL
        or (do_edital is not None and SO_COM_REGRA_DO_EDITAL[nome](do_edital))
    ]


def documento(f: FonteDocumentos, nome: str, cargo: str | None = None) -> Documento:
    """O documento `nome`; com `cargo`, só a parte dele (os de `POR_CARGO`). `KeyError` se o
    certame não o publica (`publicados`)."""
    if nome not in publicados(f.regras.do_edital):
        raise KeyError(nome)
    if cargo is None:
        return _carimbado(DOCUMENTOS[nome](f), f)
    if nome not in POR_CARGO:
        raise KeyError(nome)
    return _carimbado(listas_publicacao(f, cargo), f)


def _carimbado(doc: Documento, f: FonteDocumentos) -> Documento:
    """Todo documento publicado diz quando foi gerado, a versão do certame e a lei."""
    doc.carimbo, doc.gerado_em = f.carimbo(), f.gerado_em
    return doc


def arquivo(doc: Documento, formato: str, tabela: str | None = None) -> bytes:
    """O documento num formato. CSV: uma tabela (a primeira, ou a de nome `tabela`)."""
    if formato == "pdf":
        return para_pdf(doc)
    if formato == "html":
        return para_html_documento(doc)
    if formato == "xlsx":
        return para_xlsx(doc.tabelas, criado_em=doc.gerado_em)
    if formato == "csv":
        tabelas = [t for t in doc.tabelas if tabela is None or t.nome == tabela]
        if not tabelas:
            raise KeyError(tabela)
        return para_csv(tabelas[0])
    raise KeyError(formato)


def relatorio(f: FonteDocumentos, cabecalho: list[str]) -> Documento:
    """O relatório completo: todas as tabelas e os gráficos de cada cargo."""
    doc = Documento("relatorio", f.nome, f.nome, f.municipio, paisagem=True, carimbo=f.carimbo())
    doc.blocos += [Paragrafo(linha) for linha in cabecalho]
    doc.blocos += todas_as_tabelas(f)
    graficos = [grafico_ordem(f, c) for c in f.cargos if f.nomeacoes(c)]
    if graficos:
        doc.blocos.append(Titulo("Gráficos da ordem de nomeação por cargo"))
        doc.blocos += graficos
    return doc


def arquivos_publicacao(f: FonteDocumentos, *, pdf: bool = True) -> dict[str, bytes]:
    """Todos os arquivos publicados: cada documento em HTML, XLSX, PDF (se `pdf` e o WeasyPrint
    estiver disponível), cada tabela em CSV e cada gráfico em SVG."""
    return dict(arquivos_em_fluxo(f, pdf=pdf))


def arquivos_em_fluxo(
    f: FonteDocumentos, *, pdf: bool = True, csv_gravados: dict[int, Tabela] | None = None
) -> Iterator[tuple[str, bytes]]:
    """Os arquivos de `arquivos_publicacao`, um a um (ver `arquivos_em_pedacos`)."""
    for nome, conteudo in arquivos_em_pedacos(f, pdf=pdf, csv_gravados=csv_gravados):
        assert not isinstance(conteudo, Future)  # (só com `livros`)
        yield nome, conteudo if isinstance(conteudo, bytes) else b"".join(conteudo)


def arquivos_em_pedacos(
    f: FonteDocumentos,
    *,
    pdf: bool = True,
    csv_gravados: dict[int, Tabela] | None = None,
    livros: Executor | None = None,
) -> Iterator[tuple[str, Conteudo]]:
    """Os arquivos de `arquivos_publicacao`, um a um, cada documento montado só na sua vez:
    quem grava em disco (`formatos.gravar_pasta`) não guarda todos na memória ao mesmo tempo,
    e o HTML vem em pedaços (o das listas tem centenas de MB num milhão de inscrições).

    `csv_gravados`: as tabelas (pelo `id`, com a própria tabela, que assim não sai da memória e
    não cede o `id` a outra) cujo CSV quem chama já gravou; o CSV da mesma tabela é o mesmo
    arquivo, e não se desenha de novo (com `FonteDocumentos.guardar_tabelas`, a classificação
    das listas é a do resultado). Recebe as deste fluxo.

    `livros`: onde escrever os XLSX ao lado do resto (`formatos.livros_em_paralelo`): os
    documentos são todos montados no início (com as tabelas guardadas, custa pouco), cada XLSX
    começa já, e vem como `Future`; o HTML e o CSV seguem enquanto isso."""
    docs: Iterable[tuple[str, Documento]] = (
        (nome, _carimbado(DOCUMENTOS[nome](f), f)) for nome in publicados(f.regras.do_edital)
    )
    futuros: dict[str, Future[bytes]] = {}
    if livros is not None:  # (já, na chamada, e não quando o primeiro arquivo for pedido)
        docs = list(docs)
        futuros = {nome: livros.submit(arquivo, doc, "xlsx") for nome, doc in docs}
    gerar_pdf = pdf and motivo_indisponivel() is None
    gravados = {} if csv_gravados is None else csv_gravados
    return _em_pedacos(docs, futuros, gerar_pdf, gravados)


def _em_pedacos(
    docs: Iterable[tuple[str, Documento]],
    futuros: dict[str, Future[bytes]],
    gerar_pdf: bool,
    gravados: dict[int, Tabela],
) -> Iterator[tuple[str, Conteudo]]:
    for nome, doc in docs:
        yield f"{nome}.html", html_em_pedacos(doc)
        yield f"{nome}.xlsx", futuros.pop(nome) if futuros else arquivo(doc, "xlsx")
        if gerar_pdf:
            yield f"{nome}.pdf", arquivo(doc, "pdf")
        for t in doc.tabelas:
            if gravados.get(id(t)) is not t:
                gravados[id(t)] = t
                yield f"{t.nome}.csv", para_csv(t)
        for figura in doc.figuras:
            yield f"{figura.nome}.svg", figura.svg.encode("utf-8")
        del doc

"""Os arquivos públicos de um certame grande (PDF, HTML, XLSX e os CSV das listas, da ordem e do
anexo): gerados UMA vez por versão do certame, pela fila, e servidos do disco aos poucos
(FileResponse), em vez de montados a cada pedido (uma PDF de 23.840 linhas passava de 300 s e
4 GB; quatro XLSX ao mesmo tempo derrubavam a página inicial).

Enquanto o arquivo da versão atual é gerado, a página diz isso com a barra de progresso e
oferece o da versão anterior, marcado com a data e a versão, ou nada. Só se guardam o da versão
atual e o da anterior. Os CSV de um documento saem juntos, um por tabela, numa tarefa só: o nome
de uma tabela que não existe não vira trabalho na fila.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from cotas.documentos.formatos import para_csv
from cotas.documentos.pagina import fragmento_html
from cotas.documentos.pdf import PdfIndisponivel
from cotas.documentos.publicacao import TIPOS, arquivo
from cotas.documentos.publicacao import documento as montar_documento
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.auditoria.services import registrar
from cotas_web.certames.models import Certame
from cotas_web.tarefas import services as tarefas
from cotas_web.tarefas.models import Estado, Tarefa, Tipo

from . import assinatura, pacote
from .apresentacao import para_tela
from .selectors import fonte_publicada

# Uma geração que falhou não é pedida de novo por este tempo (a página mostra o erro).
ESPERA_DEPOIS_DE_FALHAR = timedelta(minutes=5)


def em_segundo_plano(certame: Certame) -> bool:
    return certame.candidatos.count() > settings.PUBLICO_ARQUIVOS_NA_HORA_ATE


@dataclass(frozen=True)
class Pedido:
    """O arquivo da versão atual (`pronto`), ou a tarefa que o gera (`gerando`) e o da versão
    anterior (`anterior`), se há; `falhou`: a geração da versão atual falhou há pouco."""

    versao: int
    pronto: Tarefa | None = None
    gerando: Tarefa | None = None
    anterior: Tarefa | None = None
    falhou: Tarefa | None = None


def _grupo(certame: Certame, doc: str, cargo: str | None, formato: str) -> str:
    return f"arquivo:{certame.pk}:{doc}:{cargo or ''}:{formato}"


def _concluidas(grupo: str) -> list[Tarefa]:
    return [
        t
        for t in Tarefa.objects.filter(grupo=grupo, estado=Estado.CONCLUIDA)
        .exclude(arquivo="")  # (as de versões velhas têm o arquivo apagado: ficam fora)
        .order_by("-versao")
        if tarefas.caminho_do_arquivo(t) is not None
    ]


# O pacote de dados abertos (pacote.py): um ZIP com os CSV de todos os documentos publicados.
PACOTE = "dados-abertos"
TIPOS_PUBLICOS = {**TIPOS, "zip": "application/zip"}


def pedir(
    certame: Certame,
    doc: str,
    cargo: str | None,
    formato: str,
    extras: dict[str, Any] | None = None,
) -> Pedido:
    """O arquivo da versão atual, ou a sua geração posta na fila (uma só por versão)."""
    versao = versao_do_certame(certame.pk)
    grupo = _grupo(certame, doc, cargo, formato)
    feitas = _concluidas(grupo)
    pronto = next((t for t in feitas if t.versao == versao), None)
    if pronto is not None:
        return Pedido(versao, pronto=pronto)
    anterior = next((t for t in feitas if t.versao < versao), None)
    falhou = (
        Tarefa.objects.filter(
            grupo=grupo,
            versao=versao,
            estado=Estado.FALHOU,
            terminada_em__gte=timezone.now() - ESPERA_DEPOIS_DE_FALHAR,
        )
        .order_by("-terminada_em")
        .first()
    )
    if falhou is not None:
        return Pedido(versao, anterior=anterior, falhou=falhou)
    nome = f"{doc}-{cargo}" if cargo else doc
    gerando = tarefas.iniciar(
        tipo=Tipo.ARQUIVO_PUBLICO,
        chave=f"{grupo}:v{versao}",
        grupo=grupo,
        trabalho="cotas_web.publico.arquivos.gerar",
        certame=certame,
        versao=versao,
        publica=True,
        parametros={
            "certame": certame.pk,
            "doc": doc,
            "cargo": cargo,
            "formato": formato,
            "nome": f"{nome}.{formato}",
            "tipo": TIPOS_PUBLICOS.get(formato, "text/html; charset=utf-8"),
            "inline": formato in ("pdf", "html"),
            **(extras or {}),
        },
    )
    return Pedido(versao, gerando=gerando, anterior=anterior)


def caminho(tarefa: Tarefa, tabela: str | None = None) -> Path | None:
    """O arquivo pronto da tarefa; nos CSV, o da tabela pedida (ou o da primeira)."""
    base = tarefas.caminho_do_arquivo(tarefa)
    if base is None or tarefa.parametros.get("formato") != "csv":
        return base
    nomes = tarefa.parametros.get("tabelas") or []
    nome = tabela or (nomes[0] if nomes else None)
    if nome not in nomes:
        return None
    return base.parent / f"{base.stem}-{nomes.index(nome)}.csv"


def pagina(tarefa: Tarefa, numero: int) -> str | None:
    """A página `numero` (de 1) do documento na tela, já em HTML seguro (todo texto escapado em
    cotas.documentos.pagina), de uma tarefa de formato "paginas"."""
    base = tarefas.caminho_do_arquivo(tarefa)
    if base is None or not 1 <= numero <= int(tarefa.parametros.get("paginas", 0)):
        return None
    arquivo_pagina = base.parent / f"{base.stem}-p{numero}.html"
    return arquivo_pagina.read_text(encoding="utf-8") if arquivo_pagina.is_file() else None


def _gerar_paginas(tarefa: Tarefa, d: Any, pasta: Path, progresso: tarefas.Progresso) -> bytes:
    """As páginas do documento na tela (as tabelas em partes de PUBLICO_LINHAS_POR_PAGINA),
    cada uma no seu arquivo; o título, o número de páginas e as tabelas vão nos parâmetros."""
    por_pagina = settings.PUBLICO_LINHAS_POR_PAGINA
    paginas = d.paginas(por_pagina)
    progresso.total(paginas + 1, "Montando as páginas…")
    for i in range(1, paginas + 1):
        html = para_tela(fragmento_html(d.pagina(i, por_pagina)))
        _gravar(pasta / f"{tarefa.pk}-p{i}.html", html.encode("utf-8"))
        progresso.avancar(1)
    extras = {
        "paginas": paginas,
        "titulo": d.titulo,
        "tabelas": [[t.nome, t.titulo] for t in d.tabelas],
    }
    tarefa.parametros = {**tarefa.parametros, **extras}
    Tarefa.objects.filter(pk=tarefa.pk).update(parametros=tarefa.parametros)
    return str(paginas).encode()


def gerar(tarefa: Tarefa, progresso: tarefas.Progresso) -> tarefas.Resultado:
    """A tarefa da fila: reencena, monta o documento, gera e grava o arquivo (num nome
    provisório, trocado de uma vez); depois apaga os de versões mais velhas que a anterior."""
    p = tarefa.parametros
    certame = Certame.objects.get(pk=p["certame"])
    progresso.total(4, "Reencenando o certame…")
    if versao_do_certame(certame.pk) != tarefa.versao:
        raise ValidationError("O certame mudou desde o pedido; peça o arquivo de novo.")
    # (Se os fatos contrariam a lei, o `ErroCotas` vai à fila, que o diz numa frase curta, com
    # o que fazer: `tarefas.services.executar`; a página oferece o arquivo da versão anterior.)
    fonte = fonte_publicada(certame=certame)
    progresso.avancar(1, "Montando o documento…")
    pasta = tarefas.pasta() / "publicos" / str(certame.pk)
    pasta.mkdir(parents=True, exist_ok=True)
    destino = pasta / f"{tarefa.pk}.{p['formato']}"
    if p["doc"] == PACOTE:
        documentos = [montar_documento(fonte, nome, None) for nome in p["documentos"]]
        progresso.avancar(1, "Gerando o pacote de dados abertos…")
        conteudo = pacote.montar(
            certame,
            documentos,
            versao=tarefa.versao,
            gerado_em=timezone.now(),
            fonte_url=p["fonte_url"],
        )
    else:
        d = montar_documento(fonte, p["doc"], p["cargo"])
        progresso.avancar(1, f"Gerando o arquivo {p['formato'].upper()}…")
        conteudo = _conteudo(tarefa, d, pasta, progresso)
    progresso.avancar(1, "Gravando o arquivo…")
    _gravar(destino, conteudo)
    _registrar_publicacao(certame, tarefa, destino)
    _apagar_velhos(tarefa)
    progresso.avancar(1, "Pronto.")
    return tarefas.Resultado(
        arquivo=str(destino.relative_to(tarefas.pasta())),
        url=""
        if p["formato"] == "paginas"
        else reverse("publico:arquivo", args=[certame.pk, tarefa.pk]),
        mensagem=f"Arquivo da versão {tarefa.versao} pronto.",
    )


def _conteudo(tarefa: Tarefa, d: Any, pasta: Path, progresso: tarefas.Progresso) -> bytes:
    """O arquivo do documento `d` no formato da tarefa (as páginas e os CSV, cada um no seu
    arquivo ao lado; o conteúdo devolvido é o do arquivo principal)."""
    p = tarefa.parametros
    if p["formato"] == "paginas":
        return _gerar_paginas(tarefa, d, pasta, progresso)
    if p["formato"] == "csv":
        # Cada tabela no seu arquivo; o "principal" lista os nomes (e marca que está pronto).
        nomes = [t.nome for t in d.tabelas]
        for i, t in enumerate(d.tabelas):
            _gravar(pasta / f"{tarefa.pk}-{i}.csv", para_csv(t))
        Tarefa.objects.filter(pk=tarefa.pk).update(parametros={**p, "tabelas": nomes})
        tarefa.parametros = {**p, "tabelas": nomes}
        return "\n".join(nomes).encode("utf-8")
    try:
        conteudo = arquivo(d, p["formato"])
        # O PDF sai assinado pelo órgão (PAdES), se há certificado (assinatura.py).
        return assinatura.assinar(conteudo) if p["formato"] == "pdf" else conteudo
    except (PdfIndisponivel, assinatura.AssinaturaIndisponivel) as erro:
        raise ValidationError(str(erro)) from None


def nome_da_tabela(tabela: str, cargo: str | None) -> str:
    """O CSV de uma tabela com o cargo no nome, como no download ("classificacao-ENF.csv"): os
    de cada cargo saíam todos "classificacao.csv" no registro e na página dos arquivos, e quem
    baixou não sabia com qual sha256 conferir."""
    return f"{tabela}-{cargo}.csv" if cargo else f"{tabela}.csv"


def _publicados(tarefa: Tarefa, destino: Path) -> list[Path]:
    """Os arquivos que a tarefa publica: o próprio, ou os CSV de cada tabela (o principal só
    os lista); nenhum das páginas da tela, que não são um arquivo para baixar."""
    p = tarefa.parametros
    if p["formato"] == "paginas":
        return []
    if p["formato"] == "csv":
        return [destino.parent / f"{tarefa.pk}-{i}.csv" for i in range(len(p["tabelas"]))]
    return [destino]


def _registrar_publicacao(certame: Certame, tarefa: Tarefa, destino: Path) -> None:
    """O sha256 de cada arquivo publicado da versão (e, no PDF, quem o assinou) no registro de
    auditoria: quem guardou o arquivo confere que é o publicado, sem confiar no servidor."""
    publicados = _publicados(tarefa, destino)
    if not publicados:
        return
    p = tarefa.parametros
    nomes = p.get("tabelas") if p["formato"] == "csv" else None
    itens = []
    for i, caminho_arquivo in enumerate(publicados):
        conteudo = caminho_arquivo.read_bytes()
        item: dict[str, Any] = {
            "nome": nome_da_tabela(nomes[i], p["cargo"]) if nomes else p["nome"],
            "sha256": hashlib.sha256(conteudo).hexdigest(),
            "bytes": len(conteudo),
        }
        if p["formato"] == "pdf":
            c = assinatura.conferir(conteudo)
            item["assinatura"] = {
                "assinado": c.assinado,
                "valida": c.valida,
                "signatario": c.signatario,
                "situacao": c.frase(),
            }
        itens.append(item)
    lista = ", ".join(f"{i['nome']} (sha256 {i['sha256']})" for i in itens)
    with transaction.atomic():
        registrar(
            usuario=None,
            certame=certame,
            acao=AcaoAuditada.ARQUIVO_PUBLICADO,
            descricao=f"Arquivo público da versão {tarefa.versao} gerado: {lista}.",
            dados={
                "tarefa": str(tarefa.pk),
                "versao": tarefa.versao,
                "documento": p["doc"],
                "cargo": p["cargo"],
                "formato": p["formato"],
                "arquivos": itens,
            },
        )


def _gravar(destino: Path, conteudo: bytes) -> None:
    provisorio = destino.with_name(f".{destino.name}.parcial")
    provisorio.write_bytes(conteudo)
    os.chmod(provisorio, 0o640)
    os.replace(provisorio, destino)


def _apagar_velhos(tarefa: Tarefa) -> None:
    """Guarda o arquivo desta versão e o da anterior; os mais velhos saem do disco."""
    velhas = (
        Tarefa.objects.filter(grupo=tarefa.grupo, estado=Estado.CONCLUIDA, versao__lt=tarefa.versao)
        .exclude(arquivo="")
        .order_by("-versao")[1:]
    )
    for velha in velhas:
        base = tarefas.caminho_do_arquivo(velha)
        if base is not None:
            for resto in base.parent.glob(f"{velha.pk}*"):
                resto.unlink(missing_ok=True)
        Tarefa.objects.filter(pk=velha.pk).update(arquivo="")


@dataclass(frozen=True)
class Publicado:
    """Um arquivo público guardado no disco, com o que o registro de auditoria diz dele e, no
    PDF, a conferência da assinatura feita agora, sobre o arquivo que o servidor entrega."""

    nome: str
    versao: int
    gerado_em: Any
    url: str
    sha256: str
    registro: int | None
    conferencia: assinatura.Conferencia | None


def publicados(certame: Certame) -> list[Publicado]:
    """Os arquivos públicos guardados do certame (o da versão atual e o da anterior de cada
    documento e formato), os mais novos primeiro."""
    from cotas_web.auditoria.models import Registro

    registros = {
        r.dados.get("tarefa"): r
        for r in Registro.objects.filter(certame_id=certame.pk, acao=AcaoAuditada.ARQUIVO_PUBLICADO)
    }
    saida = []
    tarefas_feitas = (
        Tarefa.objects.filter(
            certame=certame, tipo=Tipo.ARQUIVO_PUBLICO, estado=Estado.CONCLUIDA, publica=True
        )
        .exclude(arquivo="")
        .exclude(parametros__formato="paginas")
        .order_by("-versao", "grupo")
    )
    for t in tarefas_feitas:
        registro = registros.get(str(t.pk))
        itens = registro.dados["arquivos"] if registro is not None else []
        tabelas = t.parametros.get("tabelas") if t.parametros.get("formato") == "csv" else None
        for i, tabela in enumerate(tabelas or [None]):
            caminho_arquivo = caminho(t, tabela)
            if caminho_arquivo is None or not caminho_arquivo.is_file():
                continue
            url = reverse("publico:arquivo", args=[certame.pk, t.pk])
            pdf = t.parametros.get("formato") == "pdf"
            saida.append(
                Publicado(
                    nome=(
                        nome_da_tabela(tabela, t.parametros["cargo"])
                        if tabela
                        else str(t.parametros["nome"])
                    ),
                    versao=t.versao,
                    gerado_em=t.terminada_em,
                    url=f"{url}?{urlencode({'tabela': tabela})}" if tabela else url,
                    sha256=itens[i]["sha256"] if i < len(itens) else "",
                    registro=registro.pk if registro is not None else None,
                    conferencia=assinatura.conferir_arquivo(caminho_arquivo) if pdf else None,
                )
            )
    return saida

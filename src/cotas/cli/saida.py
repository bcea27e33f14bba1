"""O que cada comando faz e mostra. Devolve um dicionário (para --json) ou um texto."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cotas.apuracao import Apuracao, apurar_cenario, ler_cenario_para_apurar
from cotas.arquivos.candidatos import descrever_leitura
from cotas.arquivos.edital import ler_edital
from cotas.arquivos.erros import motivo_do_sistema
from cotas.cli import gerar, parametros
from cotas.motor.edital import Edital
from cotas.motor.erros import ErroCotas, ParametrosDesconhecidos
from cotas.motor.legislacao import Lei, catalogo_padrao
from cotas.motor.ordem import PlanoDeVagas
from cotas.motor.regras import (
    AMPLA,
    PCD,
    ParametrosPcd,
    Regras,
    lei_aplicavel,
    parametros_da_contagem,
    regras_aplicaveis,
)
from cotas.motor.regras_do_edital import aplicar as aplicar_regras_do_edital
from cotas.motor.reserva import calcular_reserva

if TYPE_CHECKING:
    from cotas.documentos.formatos import Conteudo


def executar(args: argparse.Namespace) -> Any:
    comandos = {
        "leis": leis,
        "reserva": reserva,
        "ordem": ordem,
        "validar": validar,
        "apurar": apurar,
        "gerar-exemplo": gerar.gerar,
    }
    return comandos[args.comando](args)


def _iso(d: Any) -> str | None:
    return d.isoformat() if d else None


def _br(d: Any) -> str:
    return d.strftime("%d/%m/%Y") if d else "—"


# -- leis ------------------------------------------------------------------------------------
def leis(args: argparse.Namespace) -> Any:
    catalogo = catalogo_padrao()
    dados = [_dados_da_lei(lei) for lei in catalogo.leis]
    if args.json:
        return {"leis": dados}
    linhas = []
    for lei, d in zip(catalogo.leis, dados, strict=True):
        linhas += _texto_da_lei(lei, d["parametros"])
        linhas.append("")
    return "\n".join(linhas).rstrip()


def _parametros_da_lei(lei: Lei) -> list[dict[str, Any]]:
    """Cada parâmetro da lei, por nome: o aviso de desconhecido e cada valor datado."""
    parametros: list[dict[str, Any]] = []
    for nome, p in sorted(lei.parametros.items()):
        if p.desconhecido or p.desconhecido_ate is not None:
            parametros.append(
                {
                    "nome": nome,
                    "descricao": p.descricao,
                    "desconhecido": True,
                    "ate": _iso(p.desconhecido_ate),
                }
            )
        for v in p.valores:
            parametros.append(
                {
                    "nome": nome,
                    "descricao": p.descricao,
                    "valor": list(v.valor) if isinstance(v.valor, tuple) else v.valor,
                    "desde": v.desde.isoformat(),
                    "ate": v.ate.isoformat() if v.ate else None,
                    "norma": v.referencia.norma,
                    "artigo": v.referencia.artigo,
                    "texto": v.referencia.texto,
                }
            )
    return parametros


def _dados_da_lei(lei: Lei) -> dict[str, Any]:
    """A lei como vai para o JSON de `cotas leis --json`."""
    return {
        "id": lei.id,
        "titulo": lei.titulo,
        "esfera": lei.esfera,
        "ente": lei.ente,
        "municipio": lei.municipio if lei.esfera == "municipal" else None,
        "vigencia": {
            "inicio": lei.vigencia_inicio.isoformat(),
            "fim": lei.vigencia_fim.isoformat() if lei.vigencia_fim else None,
            "artigo": lei.referencia_vigencia.artigo,
            "fim_proprio": _iso(lei.fim_proprio),
            "atos": [
                {
                    "data": ato.data.isoformat(),
                    "fim": _iso(ato.fim),
                    "convalida_desde": _iso(ato.convalida_desde),
                    "norma": ato.referencia.norma,
                    "artigo": ato.referencia.artigo,
                    "texto": ato.referencia.texto,
                }
                for ato in lei.atos_vigencia
            ],
            "lacunas": [
                {"inicio": lacuna.inicio.isoformat(), "fim": lacuna.fim.isoformat()}
                for lacuna in lei.lacunas
            ],
        },
        "revisao_do_percentual": _iso(lei.revisao_em()),
        "grupos": [
            {
                "nome": g.nome,
                "rotulo": g.rotulo,
                "coluna_opcao": g.coluna_opcao,
                "coluna_verificacao": g.coluna_verificacao,
            }
            for g in lei.grupos
        ],
        "parametros": _parametros_da_lei(lei),
    }


def _texto_da_lei(lei: Lei, parametros: list[dict[str, Any]]) -> list[str]:
    """A lei em texto, para `cotas leis`: vigência, atos, lacunas, revisão, grupos, parâmetros."""
    fim = f" até {_br(lei.vigencia_fim)}" if lei.vigencia_fim else " (em vigor)"
    esfera = "" if lei.esfera == "municipal" else f", {lei.esfera}"
    linhas = [
        f"{lei.id} — {lei.titulo} ({lei.ente}{esfera})",
        f"  Vigência: desde {_br(lei.vigencia_inicio)}{fim}; {lei.referencia_vigencia.citacao()}",
    ]
    for ato in lei.atos_vigencia:
        ate = f"até {_br(ato.fim)}" if ato.fim else "sem data de fim"
        convalida = (
            f", regendo os editais desde {_br(ato.convalida_desde)}" if ato.convalida_desde else ""
        )
        linhas.append(
            f"  Vigência mudada a partir de {_br(ato.data)}: {ate}{convalida} "
            f"({ato.referencia.citacao()})"
        )
    for lacuna in lei.lacunas:
        linhas.append(
            f"  Sem lei de {_br(lacuna.inicio)} a {_br(lacuna.fim)}: editais desse intervalo "
            "não são regidos por ela"
        )
    if lei.revisao_em():
        linhas.append(
            f"  Reavaliação do percentual: {_br(lei.revisao_em())} "
            f"({lei.referencia_revisao.citacao() if lei.referencia_revisao else ''})"
        )
    for g in lei.grupos:
        verificacao = f", {g.coluna_verificacao}" if g.coluna_verificacao else ""
        linhas.append(f"  Grupo {g.nome}: {g.rotulo} (colunas {g.coluna_opcao}{verificacao})")
    for p in parametros:
        if p.get("desconhecido"):
            ate = f" para os editais até {_br(date.fromisoformat(p['ate']))}" if p["ate"] else ""
            linhas.append(f"  - {p['nome']}: desconhecido{ate} (o operador deve informar)")
        else:
            linhas.append(f"  - {p['nome']} = {p['valor']} ({p['norma']}, {p['artigo']})")
    return linhas


# -- reserva e ordem ------------------------------------------------------------------------
def _regras_dos_argumentos(args: argparse.Namespace, *, ordem: bool) -> tuple[Regras, list[str]]:
    """As regras da conta, com os valores em aberto informados, e os parâmetros em aberto que
    ninguém informou e a conta não usa (a saída os diz não conferidos)."""
    catalogo = catalogo_padrao()
    pcd = None
    if args.pcd_percentual is not None:
        pcd = ParametrosPcd(
            percentual=args.pcd_percentual,
            arredondamento=args.pcd_arredondamento,
            teto=args.pcd_teto,
        )
    if args.municipio is not None and args.data_edital is None:
        raise ErroCotas("Com --municipio, informe também --data-edital (AAAA-MM-DD).")
    edital = _edital(args)
    data = edital.data if edital is not None else args.data_edital
    lei_id = edital.lei if edital is not None else args.lei
    if lei_id is not None and data is None:
        data = catalogo.lei(lei_id).vigencia_inicio
    lei = catalogo.lei(lei_id) if lei_id else lei_aplicavel(catalogo, args.municipio, data)
    usados = parametros_da_contagem(lei, ordem=ordem)
    informados = parametros.informados(args, lei, edital)
    for aviso in parametros.substituidos(informados):
        print(f"aviso: {aviso}", file=sys.stderr)
    try:
        regras = regras_aplicaveis(
            catalogo,
            municipio=args.municipio,
            lei_id=lei_id,
            data_edital=data,
            tipo=args.tipo,
            pcd=pcd,
            informados=informados,
            usados=usados,
        )
    except ParametrosDesconhecidos as erro:
        raise parametros.erro_de_faltantes(erro, lei) from None
    if edital is not None and edital.regras is not None:
        regras = aplicar_regras_do_edital(regras, edital.regras)
    return regras, parametros.em_aberto_nao_usados(lei, usados, informados, data)


def _edital(args: argparse.Namespace) -> Edital | None:
    """O edital de `--edital` (lido e conferido contra a lei); a data dele é a do certame, e
    `--data-edital`, se dita, tem de ser a mesma."""
    if args.edital is None:
        return None
    edital = ler_edital(args.edital)
    if args.data_edital is not None and args.data_edital != edital.data:
        raise ErroCotas(
            f"--data-edital {args.data_edital:%d/%m/%Y} difere da data do {edital.norma} "
            f"({edital.data:%d/%m/%Y}, em {args.edital}); informe uma só."
        )
    args.edital_lido = edital  # (para a saída dizer de onde vieram os valores)
    return edital


def _rodape(regras: Regras, em_aberto: list[str]) -> list[str]:
    """Os valores que o edital diz (com o item) e os que o operador informou (com a
    justificativa) e os em aberto que ninguém informou e a conta não usa: nada do que a lei não
    diz fica calado."""
    linhas = [
        f"  {_quem_informou(d)}: {nome} = {parametros.como_texto(d)}"
        for nome, d in regras.informados.items()
    ]
    if em_aberto:
        linhas.append(
            "  Parâmetros que a lei deixa em aberto e esta conta não usa (não conferidos): "
            + ", ".join(em_aberto)
            + "."
        )
    return linhas


def _quem_informou(informado: object) -> str:
    if isinstance(informado, Mapping) and "referencia" in informado:
        return "Do edital"
    return "Informado pelo operador"


def _edital_json(args: argparse.Namespace, regras: Regras) -> dict[str, Any]:
    """O edital usado (com a versão e o sha256 do modelo) e os valores que vieram dele."""
    edital: Edital | None = getattr(args, "edital_lido", None)
    if edital is None:
        return {}
    modelo = edital.modelo
    return {
        "edital": {
            "norma": edital.norma,
            "data": edital.data.isoformat(),
            "modelo": (
                {"id": modelo.id, "versao": modelo.versao, "sha256": modelo.sha256}
                if modelo
                else None
            ),
            "valores": {
                nome: {"valor": _json(d["valor"]), "citacao": d["justificativa"]}
                for nome, d in regras.informados.items()
                if isinstance(d, Mapping) and "referencia" in d
            },
        }
    }


def _json(valor: object) -> object:
    """Um valor de parâmetro em JSON: a tupla vira lista; o número com casas, texto exato."""
    if isinstance(valor, Decimal):
        return str(valor)
    return list(valor) if isinstance(valor, tuple) else valor


def _quadro(args: argparse.Namespace, regras: Regras) -> dict[str, int] | None:
    """O quadro de vagas do edital que conta a reserva PcD no total (cada cargo dele sai na
    conta); None: a conta de um cargo de `--vagas`."""
    grupo = regras.grupo(PCD)
    no_total = grupo.no_total if grupo is not None else None
    if no_total is None:
        if args.vagas is None:
            raise ErroCotas("Informe --vagas (o número de vagas do cargo).")
        return None
    if args.vagas is not None:
        raise ErroCotas(
            f"{no_total.referencia.citacao()} conta a reserva a pessoas com deficiência no total "
            f"do quadro de vagas do edital ({_vagas_do_quadro(no_total.vagas)}): a conta sai para "
            "cada cargo dele; --vagas não se aplica."
        )
    return dict(no_total.vagas)


def _vagas_do_quadro(vagas: Mapping[str, int]) -> str:
    return ", ".join(f"{c}: {n}" for c, n in vagas.items())


def _pcd_no_total_json(regras: Regras) -> dict[str, Any]:
    grupo = regras.grupo(PCD)
    if grupo is None or grupo.no_total is None:
        return {}
    no_total = grupo.no_total
    return {
        "pcd_no_total": {
            "vagas": no_total.total,
            "conta": no_total.conta()[1],
            "reservadas": no_total.numero,
            "colocacao": dict(no_total.colocadas),
            "regra": no_total.regra,
            "citacao": no_total.referencia.citacao(),
            "citacao_colocacao": no_total.colocacao.citacao(),
            "memoria": no_total.descricao(),
        }
    }


def reserva(args: argparse.Namespace) -> Any:
    regras, em_aberto = _regras_dos_argumentos(args, ordem=False)
    quadro = _quadro(args, regras)
    if quadro is not None:
        return _reserva_do_quadro(args, regras, quadro, em_aberto)
    r = calcular_reserva(regras, args.vagas)
    if args.json:
        return {
            "lei": regras.lei.id,
            "vagas": args.vagas,
            "reservadas": dict(r.reservadas),
            "ampla": r.ampla,
            "memoria": r.memoria,
            **_edital_json(args, regras),
            **({"nao_conferidos": em_aberto} if em_aberto else {}),
        }
    cabecalho = f"{regras.lei.titulo} ({regras.lei.id}) — {args.vagas} vaga(s)"
    linhas = [cabecalho, *(f"  {linha}" for linha in r.memoria)]
    return "\n".join([*linhas, *_rodape(regras, em_aberto)])


def _reserva_do_quadro(
    args: argparse.Namespace, regras: Regras, quadro: Mapping[str, int], em_aberto: list[str]
) -> Any:
    """A reserva de cada cargo do quadro do edital, com a conta PcD no total uma vez só."""
    reservas = {cargo: calcular_reserva(regras, n, cargo=cargo) for cargo, n in quadro.items()}
    if args.json:
        return {
            "lei": regras.lei.id,
            "vagas": sum(quadro.values()),
            **_pcd_no_total_json(regras),
            "cargos": [
                {
                    "codigo": cargo,
                    "vagas": r.vagas,
                    "reservadas": dict(r.reservadas),
                    "ampla": r.ampla,
                    "memoria": r.memoria,
                }
                for cargo, r in reservas.items()
            ],
            **_edital_json(args, regras),
            **({"nao_conferidos": em_aberto} if em_aberto else {}),
        }
    grupo = regras.grupo(PCD)
    assert grupo is not None and grupo.no_total is not None
    linhas = [
        f"{regras.lei.titulo} ({regras.lei.id}) — quadro de vagas do edital "
        f"({_vagas_do_quadro(quadro)})",
        f"  {grupo.no_total.descricao()}",
    ]
    for cargo, r in reservas.items():
        linhas.append(f"  Cargo {cargo} — {r.vagas} vaga(s):")
        linhas += [f"    {linha}" for linha in r.memoria]
    return "\n".join([*linhas, *_rodape(regras, em_aberto)])


def ordem(args: argparse.Namespace) -> Any:
    from cotas.documentos.tabelas import rotulo_lista

    regras, em_aberto = _regras_dos_argumentos(args, ordem=True)
    quadro = _quadro(args, regras) or {"": args.vagas}
    por_cargo = {cargo: PlanoDeVagas(regras, cargo=cargo or None) for cargo in quadro}
    for cargo, plano in por_cargo.items():
        if quadro[cargo]:
            plano.acrescentar_lote(quadro[cargo])
    if args.json:
        ordens = {
            cargo: [
                {
                    "vaga": v.numero,
                    "modalidade": v.reservada_para or AMPLA,
                    "fundamento": v.razao.fundamento_curto(),
                }
                for v in plano.vagas
            ]
            for cargo, plano in por_cargo.items()
        }
        saida: dict[str, Any] = (
            {"vagas": args.vagas, "ordem": ordens[""]}
            if "" in ordens
            else {"vagas": sum(quadro.values()), **_pcd_no_total_json(regras), "cargos": ordens}
        )
        return {
            "lei": regras.lei.id,
            **saida,
            **_edital_json(args, regras),
            **({"nao_conferidos": em_aberto} if em_aberto else {}),
        }
    linhas = []
    for cargo, plano in por_cargo.items():
        de_quem = f"do cargo {cargo}, " if cargo else ""
        linhas.append(
            f"{regras.lei.titulo} ({regras.lei.id}) — ordem {de_quem}das {quadro[cargo]} "
            "primeiras vagas"
        )
        for v in plano.vagas:
            linhas.append(f"  {v.numero:>4}  {rotulo_lista(v.reservada_para or AMPLA)}")
            linhas.append(f"        {v.razao.texto}")
            linhas.append(f"        Fundamento: {v.razao.fundamento_curto()}")
    return "\n".join([*linhas, *_rodape(regras, em_aberto)])


# -- cenário -----------------------------------------------------------------------------------
def _avisar(avisos: list[Any]) -> None:
    for aviso in avisos:
        print(f"aviso: {aviso}", file=sys.stderr)


def _apurar(caminho: Path) -> Apuracao:
    cenario = ler_cenario_para_apurar(caminho)
    _avisar(cenario.avisos)
    if cenario.leitura_candidatos is not None:  # que título virou que coluna, e os padrões
        for linha in descrever_leitura(cenario.leitura_candidatos):
            print(f"leitura: {linha}", file=sys.stderr)
    return apurar_cenario(cenario, caminho.name)


def validar(args: argparse.Namespace) -> Any:
    ap = _apurar(args.cenario)
    c = ap.cenario
    return (
        f"Cenário válido: {c.nome}; {len(c.cargos)} cargo(s), {len(c.candidatos)} inscrição(ões), "
        f"{len(c.eventos)} evento(s); lei aplicável: {ap.regras.lei.titulo} ({ap.regras.lei.id})."
    )


def resultado_json(ap: Apuracao) -> dict[str, Any]:
    cargos = []
    for cargo in ap.certame.cargos:
        r = ap.certame.reserva(cargo)
        cargos.append(
            {
                "codigo": cargo,
                "vagas_ofertadas": r.vagas,
                "reservadas": dict(r.reservadas),
                "nomeacoes": [
                    {
                        "ordem": n.ordem,
                        "vaga": n.vaga,
                        "inscricao": n.inscricao,
                        "modalidade": n.modalidade,
                        "reservada_para": n.reservada_para,
                        "substitui": n.substitui,
                        "fundamento": f"{n.razao.texto} Fundamento: {n.razao.fundamento_curto()}.",
                    }
                    for n in ap.certame.nomeacoes(cargo)
                ],
            }
        )
    return {"lei": ap.regras.lei.id, "cargos": cargos}


def cabecalho(ap: Apuracao) -> list[str]:
    lei = ap.regras.lei
    c = ap.cenario
    linhas = [
        f"Lei aplicável: {lei.titulo} ({lei.id}), em vigor desde {_br(lei.vigencia_inicio)}; "
        f"edital publicado em {_br(c.data_edital)} ({ap.regras.citacao_da_lei_aplicavel()}).",
        f"Tipo de seleção: {ap.regras.tipo.descricao()}; validade até {_br(c.validade_ate)}.",
    ]
    revisao = lei.revisao_em()
    if revisao is not None and lei.referencia_revisao is not None:
        situacao = "vencida: " if c.data_edital >= revisao else ""
        linhas.append(
            f"Reavaliação do percentual prevista para {_br(revisao)} ({situacao}"
            f"{lei.referencia_revisao.citacao()})."
        )
    comissao = ap.regras.comissao
    if comissao is not None:
        # O destino de quem não é reconhecido, com o artigo, vem da regra da lei.
        regra = comissao.referencias.get("nao_reconhecido")
        linhas.append(
            f"Heteroidentificação obrigatória por comissão de {comissao.membros} integrantes; "
            "quem não é reconhecido, não comparece ou se recusa "
            f"{comissao.destino_do_nao_reconhecido}" + (f" ({regra.citacao()})." if regra else ".")
        )
    return linhas


def relatorio_texto(ap: Apuracao) -> str:
    from cotas.documentos.tabelas import rotulo_lista

    c = ap.cenario
    linhas = [c.nome, *cabecalho(ap), ""]
    nomes = {cargo.codigo: cargo.nome for cargo in c.cargos}
    for cargo in ap.certame.cargos:
        r = ap.certame.reserva(cargo)
        linhas.append(f"Cargo {cargo} — {nomes.get(cargo, '')}: {r.vagas} vaga(s) oferecida(s)")
        linhas += [f"  {m}" for m in r.memoria]
        linhas.append("  Ordem de nomeação:")
        for n in ap.certame.nomeacoes(cargo):
            lista = rotulo_lista(n.modalidade)
            extra = f", vaga reservada a {rotulo_lista(n.reservada_para)}" if n.revertida else ""
            subst = f", substitui {n.substitui}" if n.substitui else ""
            linhas.append(
                f"  {n.ordem:>3}. vaga {n.vaga:>3} — {n.inscricao} {n.nome} ({lista}{extra}{subst})"
            )
            linhas.append(f"       {n.razao.texto}")
            linhas.append(f"       Fundamento: {n.razao.fundamento_curto()}")
        for o in ap.certame.ocorrencias(cargo):
            linhas.append(f"  Ocorrência em {_br(o.data)}: {o.razao.texto}")
        linhas.append("")
    return "\n".join(linhas).rstrip()


def gravar_resultado(ap: Apuracao, pasta: Path, *, pdf: bool = True) -> list[Path]:
    """Tabelas em CSV e XLSX, o relatório HTML com os gráficos e os documentos publicados
    (anexo do edital, listas, ordem de nomeação) em HTML, XLSX e PDF; tudo ou nada: o conjunto
    novo substitui o anterior inteiro (ver `gravar_pasta`)."""
    from cotas.documentos.formatos import SaidaRecusada, gravar_pasta
    from cotas.documentos.pdf import motivo_indisponivel

    motivo = motivo_indisponivel()
    if pdf and motivo is not None:
        print(f"aviso: PDF não gerado: {motivo}.", file=sys.stderr)
    try:
        quando = momento_da_geracao()  # (recusado antes de gravar qualquer coisa)
        return gravar_pasta(pasta, _arquivos_do_resultado(ap, pdf=pdf, quando=quando))
    except SaidaRecusada as erro:
        raise ErroCotas(str(erro)) from None
    except OSError as erro:
        raise ErroCotas(
            f"não foi possível gravar em {pasta} ({motivo_do_sistema(erro)}); nada foi gravado"
        ) from None


def momento_da_geracao() -> datetime | None:
    """O "Gerado em" dos documentos: SOURCE_DATE_EPOCH (segundos desde 1970, a convenção das
    compilações reproduzíveis) quando o ambiente o traz: a mesma entrada dá os mesmos bytes, e
    quem confere um arquivo publicado pode gerá-lo de novo. Sem ela, agora."""
    valor = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not valor:
        return None
    try:
        segundos = int(valor)
        return datetime.fromtimestamp(segundos, tz=UTC).astimezone()
    except (ValueError, OverflowError, OSError):
        raise ErroCotas(
            f"SOURCE_DATE_EPOCH={valor!r}: esperava um número inteiro de segundos desde "
            "01/01/1970 (UTC)"
        ) from None


def _arquivos_do_resultado(
    ap: Apuracao, *, pdf: bool, quando: datetime | None
) -> Iterator[tuple[str, Conteudo]]:
    """Os arquivos de `gravar_resultado`, um a um: cada um vai para o disco antes de o próximo
    ser montado (num certame de um milhão de inscrições, juntos passariam de 1,5 GB)."""
    # Os documentos só são importados aqui: `--json` e o texto não pagam por eles no início.
    from cotas.documentos.fonte import fonte_da_apuracao
    from cotas.documentos.formatos import livros_em_paralelo, para_csv, para_xlsx
    from cotas.documentos.pagina import html_em_pedacos
    from cotas.documentos.publicacao import arquivos_em_pedacos, relatorio
    from cotas.documentos.tabelas import todas_as_tabelas

    fonte = fonte_da_apuracao(ap)
    fonte.gerado_em = quando
    # Cada tabela montada uma vez para todos os documentos (a classificação de um milhão de
    # linhas está no resultado, no relatório e nas listas), e cada CSV gravado uma vez.
    fonte.guardar_tabelas()
    tabelas = todas_as_tabelas(fonte)
    with livros_em_paralelo() as livros:
        # Os XLSX escritos ao lado do resto (`livros_em_paralelo`); a pasta espera por eles.
        resultado = livros.submit(para_xlsx, tabelas, criado_em=quando)
        documentos = arquivos_em_pedacos(
            fonte, pdf=pdf, csv_gravados={id(t): t for t in tabelas}, livros=livros
        )
        for t in tabelas:
            yield f"{t.nome}.csv", para_csv(t)
        yield "resultado.xlsx", resultado
        yield "relatorio.html", html_em_pedacos(relatorio(fonte, cabecalho(ap)))
        yield from documentos


def apurar(args: argparse.Namespace) -> Any:
    ap = _apurar(args.cenario)
    # A apuração vive até o fim do processo (que sai sem desmontar nada): desfazer um certame de
    # um milhão de inscrições, objeto a objeto, custaria ~0,05 s depois de tudo pronto.
    args.apuracao = ap
    gravados = gravar_resultado(ap, args.saida, pdf=not args.sem_pdf) if args.saida else []
    if args.json:
        return resultado_json(ap)
    texto = relatorio_texto(ap)
    if gravados:
        texto += "\n\nArquivos gravados:\n" + "\n".join(f"  {p}" for p in gravados)
    return texto

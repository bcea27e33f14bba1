"""`cotas testar [PASTA]`: os testes de lei, como dados, que qualquer um roda.

Um teste de lei é um cenário do `cotas apurar` (o TOML e a sua lista de candidatos) com a seção
`[esperado]` (`cotas.cli.esperado`): a reserva de cada cargo, a ordem de nomeação vaga a vaga e
os artigos do fundamento de cada nomeação, que precisam estar entre as citações da razão que o
motor dá para ela. Sem PASTA, roda os testes que acompanham cada lei (`cotas/leis/<ente>/testes/`).

Saída: PASSOU, FALHOU (com cada diferença) ou INVÁLIDO por teste, e o resumo. Código de saída:
0 se todos passaram, 1 se algum falhou, 2 se algum é inválido (erros com arquivo e linha na saída
de erros) ou não há testes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from cotas.apuracao import Apuracao, apurar_cenario, ler_cenario_para_apurar
from cotas.arquivos.cenario import _ler_toml
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.cli.esperado import (
    CargoEsperado,
    Esperado,
    NomeacaoEsperada,
    OcorrenciaEsperada,
    ler_esperado,
)
from cotas.motor.certame import Nomeacao, Ocorrencia
from cotas.motor.erros import ErroCotas
from cotas.motor.glossario import AMPLA
from cotas.motor.razoes import Razao, Referencia

_E = TypeVar("_E")
_O = TypeVar("_O")

PASSOU, FALHOU, INVALIDO = "PASSOU", "FALHOU", "INVÁLIDO"
TODOS_PASSARAM, ALGUM_FALHOU, ENTRADA_INVALIDA = 0, 1, 2
PASTA_DOS_TESTES = "testes"  # ao lado do arquivo de cada lei: cotas/leis/<ente>/testes/


@dataclass
class Resultado:
    nome: str  # o caminho como o usuário o vê
    situacao: str = PASSOU
    diferencas: list[str] = field(default_factory=list)
    erros: list[ErroEntrada] = field(default_factory=list)  # de um teste inválido
    avisos: list[ErroEntrada] = field(default_factory=list)  # da leitura do cenário


def registrar(sub: Any) -> None:
    """Acrescenta o subcomando ao parser de `cotas`."""
    p = sub.add_parser(
        "testar",
        help="roda os testes de lei: cenários com o resultado esperado (sem PASTA, os que "
        "acompanham cada lei)",
    )
    p.add_argument(
        "pasta",
        nargs="?",
        type=Path,
        help="pasta com os testes (procurados também nas subpastas) ou um arquivo de teste",
    )


def executar(args: argparse.Namespace) -> int:
    """Roda os testes, mostra cada resultado e o resumo e devolve o código de saída."""
    testes, ignorados = descobrir(args.pasta)
    if not testes:
        onde = args.pasta if args.pasta is not None else f"cotas/leis/*/{PASTA_DOS_TESTES}/"
        print(f"erro: nenhum teste de lei encontrado em {onde}", file=sys.stderr)
        return ENTRADA_INVALIDA
    resultados = []
    for caminho, nome in testes:  # (cada um sai ao terminar: quem espera vê o andamento)
        r = rodar_teste(caminho, nome)
        resultados.append(r)
        _mostrar(r)
    print()
    print(resumo(resultados, ignorados))
    if any(r.situacao == INVALIDO for r in resultados):
        return ENTRADA_INVALIDA
    return ALGUM_FALHOU if any(r.situacao == FALHOU for r in resultados) else TODOS_PASSARAM


def _mostrar(r: Resultado) -> None:
    print(_linha_do_resultado(r))
    for diferenca in r.diferencas:
        print(f"    {diferenca}")
    for aviso in r.avisos:
        print(f"    aviso: {aviso}")
    sys.stdout.flush()
    if r.erros:
        print(ErrosDeEntrada(r.erros), file=sys.stderr)


def _linha_do_resultado(r: Resultado) -> str:
    detalhe = " (os erros do arquivo estão na saída de erros)" if r.erros else ""
    return f"{r.situacao:<9}{r.nome}{detalhe}"


def resumo(resultados: list[Resultado], ignorados: int) -> str:
    n = len(resultados)
    contagem = [
        _contar(sum(r.situacao == PASSOU for r in resultados), "passou", "passaram"),
        _contar(sum(r.situacao == FALHOU for r in resultados), "falhou", "falharam"),
    ]
    invalidos = sum(r.situacao == INVALIDO for r in resultados)
    if invalidos:
        contagem.append(_contar(invalidos, "inválido", "inválidos"))
    texto = f"{_contar(n, 'teste', 'testes')}: {', '.join(contagem)}."
    if ignorados:
        texto += (
            f" {_contar(ignorados, 'arquivo TOML ignorado', 'arquivos TOML ignorados')}"
            " (sem [certame] nem [esperado]: não são testes)."
        )
    return texto


def _contar(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


# ---------------------------------------------------------------- onde estão os testes


def descobrir(pasta: Path | None) -> tuple[list[tuple[Path, str]], int]:
    """Os arquivos de teste (caminho, nome para mostrar), em ordem, e quantos TOML da pasta
    foram ignorados por não serem cenários (o arquivo de uma lei, por exemplo)."""
    if pasta is None:
        raiz = Path(str(resources.files("cotas") / "leis"))
        arquivos = sorted(raiz.glob(f"*/{PASTA_DOS_TESTES}/**/*.toml"))
        return [(a, a.relative_to(raiz).as_posix()) for a in arquivos], 0
    if pasta.is_file():
        return [(pasta, str(pasta))], 0
    if not pasta.is_dir():
        raise ErroCotas(f"a pasta {pasta} não existe")
    testes, ignorados = [], 0
    for arquivo in sorted(pasta.rglob("*.toml")):
        if _e_teste(arquivo):
            testes.append((arquivo, str(arquivo)))
        else:
            ignorados += 1
    return testes, ignorados


def _e_teste(arquivo: Path) -> bool:
    """Um cenário ou um `[esperado]`; um TOML que nem se lê também conta (para dizer o erro)."""
    try:
        texto = arquivo.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return True
    return any(
        linha.strip().startswith(("[certame]", "[esperado", "[[cargos]]"))
        for linha in texto.splitlines()
    )


# ---------------------------------------------------------------- um teste


def rodar_teste(caminho: Path, nome: str) -> Resultado:
    resultado = Resultado(nome)
    try:
        texto, dados = _ler_toml(caminho)
    except ErrosDeEntrada as erros:
        return _invalido(resultado, [replace(e, arquivo=nome) for e in erros.erros])
    esperado, erros_do_esperado = ler_esperado(nome, texto, dados)
    if esperado is None:
        return _invalido(resultado, erros_do_esperado)
    apuracao, recusa, causas = _apurar(caminho, resultado)
    if esperado.erros:
        resultado.diferencas = _conferir_erros(esperado, recusa, causas)
    elif apuracao is None:
        resultado.diferencas = ["o cenário não foi apurado:", *_recuar(recusa or "")]
    else:
        invalidos = _nomes_desconhecidos(esperado, apuracao, nome)
        if invalidos:
            return _invalido(resultado, invalidos)
        resultado.diferencas = conferir(esperado, apuracao)
    if resultado.diferencas:
        resultado.situacao = FALHOU
    return resultado


def _invalido(resultado: Resultado, erros: list[ErroEntrada]) -> Resultado:
    resultado.situacao = INVALIDO
    resultado.erros = erros
    return resultado


def _apurar(caminho: Path, resultado: Resultado) -> tuple[Apuracao | None, str | None, set[str]]:
    """A apuração do cenário ou, se o motor ou os leitores o recusam, a mensagem da recusa e os
    erros do motor que ela traduz (os avisos da leitura vão para o resultado: um teste não os
    cala)."""
    try:
        cenario = ler_cenario_para_apurar(caminho)
        resultado.avisos = cenario.avisos
        return apurar_cenario(cenario, caminho.name), None, set()
    except ErrosDeEntrada as erro:
        resultado.avisos = erro.avisos
        return None, str(erro), {e.causa for e in erro.erros if e.causa is not None}
    except ErroCotas as erro:
        return None, str(erro), {type(erro).__name__}


def _recuar(texto: str) -> list[str]:
    return [f"  {linha}" for linha in texto.splitlines()]


def _conferir_erros(esperado: Esperado, recusa: str | None, causas: set[str]) -> list[str]:
    if recusa is None:
        return [
            "esperava que o cenário fosse recusado com: "
            + "; ".join(f'"{t}"' for t in esperado.erros)
            + "; o motor o apurou sem erros"
        ]
    diferencas = []
    faltam = [t for t in esperado.erros if t not in recusa]
    if faltam:
        diferencas.append("a recusa não diz " + ", ".join(f'"{t}"' for t in faltam))
    sobram = [t for t in esperado.erros_ausentes if t in recusa]
    if sobram:
        diferencas.append("a recusa não devia dizer " + ", ".join(f'"{t}"' for t in sobram))
    if esperado.erro_do_motor is not None and esperado.erro_do_motor not in causas:
        vindos = ", ".join(sorted(causas)) or "nenhum (a recusa é da leitura dos arquivos)"
        diferencas.append(
            f"esperada a recusa pelo erro do motor {esperado.erro_do_motor}; veio de: {vindos}"
        )
    if not diferencas:
        return []
    diferencas[-1] += "; o motor disse:"
    return [*diferencas, *_recuar(recusa)]


def _nomes_desconhecidos(esperado: Esperado, ap: Apuracao, arquivo: str) -> list[ErroEntrada]:
    """Cargos, grupos e listas do `[esperado]` que o cenário não tem: erro do teste (não do
    motor)."""
    grupos = list(ap.regras.listas_reservadas)  # (os grupos e as conjuntas do edital)
    listas = [AMPLA, *grupos]
    erros = []
    for cargo in esperado.cargos:
        if cargo.codigo not in ap.certame.cargos:
            erros.append(
                ErroEntrada(
                    arquivo,
                    cargo.linha,
                    None,
                    f"o cargo {cargo.codigo} não está no cenário (cargos: "
                    f"{', '.join(ap.certame.cargos)})",
                    cargo.chave,
                )
            )
        for grupo in [
            *(cargo.reservadas or {}),
            *(cargo.vagas_reservadas or {}),
            *(cargo.listas_reservadas or {}),
        ]:
            if grupo not in grupos:
                mensagem = (
                    f"grupo desconhecido '{grupo}' (grupos deste certame: {', '.join(grupos)})"
                )
                erros.append(
                    ErroEntrada(arquivo, cargo.linha, None, mensagem, f"{cargo.chave}.reservadas")
                )
        for n in cargo.nomeacoes or ():
            for chave, valor in (("lista", n.lista), ("vaga_de", n.vaga_de)):
                if valor not in listas:
                    mensagem = (
                        f"lista desconhecida '{valor}' (listas deste certame: {', '.join(listas)})"
                    )
                    erros.append(
                        ErroEntrada(arquivo, n.linha, None, mensagem, f"{n.chave}.{chave}")
                    )
    return erros


# ---------------------------------------------------------------- a comparação


def conferir(esperado: Esperado, ap: Apuracao) -> list[str]:
    """Cada diferença entre o esperado e o que o motor apurou, em português."""
    diferencas = []
    if esperado.lei is not None and esperado.lei != ap.regras.lei.id:
        diferencas.append(
            f"lei aplicável: esperada {esperado.lei}; o motor aplicou {ap.regras.lei.id} "
            f"({ap.regras.lei.titulo})"
        )
    for cargo in esperado.cargos:
        diferencas += _conferir_reserva(cargo, ap)
        if cargo.nomeacoes is not None:
            diferencas += _conferir_nomeacoes(
                cargo, cargo.nomeacoes, ap.certame.nomeacoes(cargo.codigo)
            )
        if cargo.ocorrencias is not None:
            diferencas += _conferir_ocorrencias(
                cargo, cargo.ocorrencias, ap.certame.ocorrencias(cargo.codigo)
            )
        diferencas += _conferir_vagas_e_listas(cargo, ap)
        diferencas += _conferir_trechos(cargo, ap)
    return diferencas


def _conferir_vagas_e_listas(cargo: CargoEsperado, ap: Apuracao) -> list[str]:
    diferencas = []
    onde = f"cargo {cargo.codigo}"
    if cargo.vagas_reservadas is not None:
        tem: dict[str, tuple[int, ...]] = {}
        for vaga in ap.certame.vagas(cargo.codigo):
            if vaga.reservada_para:
                tem[vaga.reservada_para] = (*tem.get(vaga.reservada_para, ()), vaga.numero)
        if tem != cargo.vagas_reservadas:
            diferencas.append(
                f"{onde}, vagas reservadas: esperadas {_grupos(cargo.vagas_reservadas)}; "
                f"o motor reservou {_grupos(tem)}"
            )
    esperadas = {AMPLA: cargo.lista_geral} if cargo.lista_geral is not None else {}
    for grupo, lista in {**esperadas, **(cargo.listas_reservadas or {})}.items():
        obtida = tuple(c.inscricao for c in ap.certame.lista(cargo.codigo, grupo))
        if obtida != lista:
            nome = "lista geral" if grupo == AMPLA else f"lista de {grupo}"
            diferencas.append(
                f"{onde}, {nome}: esperada {', '.join(lista) or 'vazia'}; o motor montou "
                f"{', '.join(obtida) or 'vazia'}"
            )
    return diferencas


def _grupos(vagas: dict[str, tuple[int, ...]]) -> str:
    return "; ".join(f"{g}: {', '.join(map(str, v))}" for g, v in vagas.items()) or "nenhuma"


def _conferir_trechos(cargo: CargoEsperado, ap: Apuracao) -> list[str]:
    """Os trechos que as razões, as citações delas e a memória da reserva devem (ou não) ter."""
    razoes = [n.razao for n in ap.certame.nomeacoes(cargo.codigo)]
    razoes += [o.razao for o in ap.certame.ocorrencias(cargo.codigo)]
    textos = " ".join(r.texto for r in razoes)
    citacoes = " | ".join(r.fundamento_curto() for r in razoes)
    memoria = ap.certame.reserva(cargo.codigo).memoria
    onde = f"cargo {cargo.codigo}"
    diferencas = []
    for chave, trechos in cargo.trechos.items():
        for trecho in trechos:
            if chave.startswith("memoria"):
                if not any(trecho in linha for linha in memoria):
                    diferencas.append(f'{onde}: a memória da reserva não diz "{trecho}"')
                continue
            em, nome = (
                (textos, "as razões")
                if chave.startswith("razoes")
                else (
                    citacoes,
                    "as citações",
                )
            )
            if chave.endswith("_nao_contem") and trecho in em:
                diferencas.append(f'{onde}: {nome} não deviam dizer "{trecho}"')
            elif (
                chave.endswith("_contem")
                and not chave.endswith("_nao_contem")
                and (trecho not in em)
            ):
                diferencas.append(f'{onde}: {nome} não dizem "{trecho}"')
    return diferencas


def _conferir_reserva(cargo: CargoEsperado, ap: Apuracao) -> list[str]:
    reserva = ap.certame.reserva(cargo.codigo)
    diferencas = []
    if cargo.reservadas is not None:
        for grupo in ap.regras.listas_reservadas:
            quer, tem = cargo.reservadas.get(grupo, 0), reserva.reservadas.get(grupo, 0)
            if quer != tem:
                diferencas.append(
                    f"cargo {cargo.codigo}, vagas reservadas a {grupo}: esperadas {quer}; "
                    f"o motor reservou {tem}"
                )
    if cargo.ampla is not None and cargo.ampla != reserva.ampla:
        diferencas.append(
            f"cargo {cargo.codigo}, vagas de ampla concorrência: esperadas {cargo.ampla}; "
            f"o motor deu {reserva.ampla}"
        )
    return diferencas


def _lado_a_lado(
    esperadas: Sequence[_E], obtidas: Sequence[_O]
) -> Iterator[tuple[int, _E | None, _O | None]]:
    """(posição a partir de 1, o esperado, o obtido), até o fim da mais longa das duas."""
    for k in range(max(len(esperadas), len(obtidas))):
        yield (
            k + 1,
            esperadas[k] if k < len(esperadas) else None,
            obtidas[k] if k < len(obtidas) else None,
        )


def _conferir_nomeacoes(
    cargo: CargoEsperado, esperadas: tuple[NomeacaoEsperada, ...], obtidas: list[Nomeacao]
) -> list[str]:
    diferencas = []
    for k, quer, tem in _lado_a_lado(esperadas, obtidas):
        onde = f"cargo {cargo.codigo}, nomeação {k}"
        if quer is None and tem is not None:
            diferencas.append(f"{onde}: não esperada; o motor nomeou {_obtida(tem, None)}")
        elif tem is None and quer is not None:
            diferencas.append(f"{onde}: esperada {_esperada(quer)}; o motor não a fez")
        elif quer is not None and tem is not None:
            diferencas += _conferir_nomeacao(onde, quer, tem)
    return diferencas


def _conferir_nomeacao(onde: str, quer: NomeacaoEsperada, tem: Nomeacao) -> list[str]:
    if _esperada(quer) != _obtida(tem, quer.vaga):
        return [f"{onde}: esperada {_esperada(quer)}; o motor nomeou {_obtida(tem, quer.vaga)}"]
    return _fundamento_ausente(f"{onde} ({tem.inscricao})", quer.fundamento, tem.razao)


def _conferir_ocorrencias(
    cargo: CargoEsperado, esperadas: tuple[OcorrenciaEsperada, ...], obtidas: list[Ocorrencia]
) -> list[str]:
    diferencas = []
    for k, quer, tem in _lado_a_lado(esperadas, obtidas):
        onde = f"cargo {cargo.codigo}, ocorrência {k}"
        if quer is None and tem is not None:
            diferencas.append(f"{onde}: não esperada; o motor registrou {_fato(tem, tem)}")
        elif tem is None and quer is not None:
            diferencas.append(f"{onde}: esperada {_fato(quer, quer)}; o motor não a registrou")
        elif quer is not None and tem is not None:
            if _fato(quer, quer) != _fato(tem, quer):
                diferencas.append(
                    f"{onde}: esperada {_fato(quer, quer)}; o motor registrou {_fato(tem, quer)}"
                )
            else:
                diferencas += _fundamento_ausente(
                    f"{onde} ({tem.tipo})", quer.fundamento, tem.razao
                )
    return diferencas


def _fato(o: OcorrenciaEsperada | Ocorrencia, dito: OcorrenciaEsperada | Ocorrencia) -> str:
    """A ocorrência com o que o teste diz dela (a inscrição e a vaga só quando ditas)."""
    texto = o.tipo
    if dito.inscricao is not None:
        texto += f" da inscrição {o.inscricao}"
    if dito.vaga is not None:
        texto += f", vaga {o.vaga}"
    return texto


def _fundamento_ausente(onde: str, esperados: tuple[str, ...], razao: Razao) -> list[str]:
    return [
        f'{onde}: o fundamento "{artigo}" não está entre as citações do motor '
        f"({razao.fundamento_curto() or 'nenhuma'})"
        for artigo in esperados
        if not any(cita(artigo, ref) for ref in razao.fundamentos)
    ]


def _esperada(n: NomeacaoEsperada) -> str:
    return _descrever(n.inscricao, n.lista, n.vaga_de, n.vaga, n.substitui)


def _obtida(n: Nomeacao, vaga_esperada: int | None) -> str:
    # (O número da vaga só entra na comparação quando o teste o diz.)
    vaga = n.vaga if vaga_esperada is not None else None
    return _descrever(n.inscricao, n.modalidade, n.reservada_para or AMPLA, vaga, n.substitui)


def _descrever(
    inscricao: str, lista: str, vaga_de: str, vaga: int | None, substitui: str | None
) -> str:
    texto = f"{inscricao} pela lista {lista}"
    if vaga_de != lista:
        texto += f" em vaga devida a {vaga_de}"
    if vaga is not None:
        texto += f", vaga {vaga}"
    if substitui is not None:
        texto += f", substituindo {substitui}"
    return texto


def cita(esperado: str, ref: Referencia) -> bool:
    """Se o dispositivo esperado está na referência: o mesmo dispositivo, ou um mais específico
    dentro dele (o artigo inteiro cobre os seus parágrafos e incisos); com a norma ou sem ela."""
    return any(
        citado == esperado or citado.startswith(f"{esperado},")
        for citado in (ref.artigo, ref.citacao())
    )
